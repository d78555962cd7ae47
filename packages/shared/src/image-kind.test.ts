import { describe, expect, it } from 'vitest';
import { detectImageKind } from './image-kind.js';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)).concat(new Array(16).fill(0)));

describe('detectImageKind', () => {
  it('tells the accepted formats by their first bytes, in a browser array as in a Buffer', () => {
    expect(detectImageKind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(detectImageKind(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(detectImageKind(bytes('RIFF', [0, 0, 0, 0], 'WEBP'))).toBe('webp');
    expect(detectImageKind(bytes([0, 0, 0, 24], 'ftypheic'))).toBe('heif');
    expect(detectImageKind(bytes([0, 0, 0, 24], 'ftypmif1'))).toBe('heif');
  });

  it('refuses text, other formats and files too short to tell', () => {
    expect(detectImageKind(bytes('hello, this is a text file'))).toBeNull();
    expect(detectImageKind(bytes('GIF89a'))).toBeNull();
    expect(detectImageKind(bytes([0, 0, 0, 24], 'ftypmp42'))).toBeNull();
    expect(detectImageKind(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
  });
});
