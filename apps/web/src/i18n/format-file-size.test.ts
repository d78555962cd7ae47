import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-file-size';

const LRI = '\u2066';
const PDI = '\u2069';
const NBSP = '\u00a0';
const plain = (text: string) => text.replace(/[\u2066\u2069]/g, '').replace(/\u00a0/g, ' ');

describe('formatFileSize', () => {
  it('writes the number before the unit in every language, Hebrew included', () => {
    expect(plain(formatFileSize(1200, 'he'))).toBe('2 KB');
    expect(plain(formatFileSize(1.2 * 1024 * 1024, 'he'))).toBe('1.2 MB');
    expect(plain(formatFileSize(10 * 1024 * 1024, 'he'))).toBe('10 MB');
    expect(plain(formatFileSize(10 * 1024 * 1024, 'ar'))).toBe('10 MB');
    expect(plain(formatFileSize(2.5 * 1024 * 1024, 'en'))).toBe('2.5 MB');
    expect(plain(formatFileSize(2.5 * 1024 * 1024, 'ru'))).toBe('2,5 МБ');
    expect(plain(formatFileSize(300 * 1024, 'ru'))).toBe('300 КБ');
  });

  it('never writes a tiny file as 0 and keeps whole kilobytes under a megabyte', () => {
    expect(plain(formatFileSize(3, 'en'))).toBe('1 KB');
    expect(plain(formatFileSize(0, 'he'))).toBe('1 KB');
    expect(plain(formatFileSize(1023 * 1024 + 1, 'en'))).toBe('1024 KB');
    expect(plain(formatFileSize(1024 * 1024, 'en'))).toBe('1 MB');
  });

  it('isolates the size as one left-to-right token with a no-break space', () => {
    expect(formatFileSize(1.2 * 1024 * 1024, 'he')).toBe(`${LRI}1.2${NBSP}MB${PDI}`);
    expect(formatFileSize(1.2 * 1024 * 1024, 'ar')).toBe(`${LRI}1.2${NBSP}MB${PDI}`);
  });

  it('uses Western digits in Arabic and falls back to Hebrew for an unknown language', () => {
    expect(formatFileSize(5 * 1024 * 1024, 'ar')).not.toMatch(/[\u0660-\u0669]/);
    expect(formatFileSize(5 * 1024 * 1024, 'xx')).toBe(formatFileSize(5 * 1024 * 1024, 'he'));
  });
});
