import { describe, expect, it } from 'vitest';
import { leaveLoginNotice, takeLoginNotice } from './login-notice';

const memoryStorage = (): Storage => {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
};

describe('login notice', () => {
  it('is read once', () => {
    const storage = memoryStorage();
    leaveLoginNotice('auth.login.accountDeleted', storage);
    expect(takeLoginNotice(storage)).toBe('auth.login.accountDeleted');
    expect(takeLoginNotice(storage)).toBeNull();
  });

  it('ignores anything it did not leave', () => {
    const storage = memoryStorage();
    storage.setItem('magiim.loginNotice', 'errors.INTERNAL');
    expect(takeLoginNotice(storage)).toBeNull();
    expect(storage.getItem('magiim.loginNotice')).toBeNull();
  });
});
