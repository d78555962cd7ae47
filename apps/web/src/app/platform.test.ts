import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../test-support/memory-storage';
import { detectPlatform } from './platform';

const sources = (overrides: Partial<Parameters<typeof detectPlatform>[0]> = {}) => ({
  search: '',
  session: createMemoryStorage(),
  hasNativeBridge: false,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  ...overrides,
});

describe('detectPlatform', () => {
  it('is web by default', () => {
    expect(detectPlatform(sources())).toBe('web');
  });

  it('takes ?platform= and remembers it for the tab', () => {
    const session = createMemoryStorage();
    expect(detectPlatform(sources({ search: '?platform=android', session }))).toBe('android');
    expect(detectPlatform(sources({ search: '', session }))).toBe('android');
  });

  it('ignores an unknown platform value', () => {
    expect(detectPlatform(sources({ search: '?platform=windows' }))).toBe('web');
  });

  it('recognises the React Native web view by its bridge', () => {
    expect(detectPlatform(sources({ hasNativeBridge: true, userAgent: 'Mozilla/5.0 (Linux; Android 14)' }))).toBe('android');
    expect(detectPlatform(sources({ hasNativeBridge: true, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)' }))).toBe('ios');
  });
});
