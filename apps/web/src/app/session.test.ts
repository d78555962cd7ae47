import { HOST_ABILITY, STORAGE_KEYS, type LoginResponse } from '@magiim/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../test-support/memory-storage';
import {
  clearSession,
  readAccessToken,
  readSession,
  subscribeSession,
  writeSession,
  writeUserData,
  writeVerificationSession,
} from './session';

const session: LoginResponse = {
  accessToken: 'token-123',
  userData: {
    id: 'u1',
    fullName: 'Dana Levi',
    email: 'dana@example.com',
    emailVerified: true,
    lang: 'he',
    pendingEmail: null,
    hasPassword: true,
  },
  userAbility: HOST_ABILITY,
};

describe('session storage', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = createMemoryStorage();
  });

  it('stores the three keys, objects as JSON', () => {
    writeSession(session, storage);
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBe('token-123');
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.userData) ?? '')).toEqual(session.userData);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.userAbility) ?? '')).toEqual(HOST_ABILITY);
    expect(readSession(storage)).toEqual(session);
    expect(readAccessToken(storage)).toBe('token-123');
  });

  it('is signed in only when all three keys are valid', () => {
    writeSession(session, storage);
    storage.removeItem(STORAGE_KEYS.userAbility);
    expect(readSession(storage)).toBeNull();

    writeSession(session, storage);
    storage.setItem(STORAGE_KEYS.userData, '{not json');
    expect(readSession(storage)).toBeNull();

    writeSession(session, storage);
    storage.setItem(STORAGE_KEYS.userData, JSON.stringify({ fullName: 'no id' }));
    expect(readSession(storage)).toBeNull();
  });

  it('clears exactly the session keys and keeps the language', () => {
    writeSession(session, storage);
    storage.setItem(STORAGE_KEYS.lang, 'ru');
    clearSession(storage);
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.userData)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.userAbility)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.lang)).toBe('ru');
    expect(readSession(storage)).toBeNull();
  });

  it('replaces the user data after a profile change', () => {
    writeSession(session, storage);
    writeUserData({ ...session.userData, pendingEmail: 'new@example.com' }, storage);
    expect(readSession(storage)?.userData.pendingEmail).toBe('new@example.com');
    expect(readSession(storage)?.accessToken).toBe('token-123');
  });

  it('tells subscribers about every change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    writeSession(session, storage);
    writeUserData(session.userData, storage);
    clearSession(storage);
    unsubscribe();
    writeSession(session, storage);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('keeps a verify-only token without signing the user in', () => {
    writeSession(session, storage);
    writeVerificationSession('verify-only', storage);
    expect(readAccessToken(storage)).toBe('verify-only');
    expect(storage.getItem(STORAGE_KEYS.userData)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.userAbility)).toBeNull();
    expect(readSession(storage)).toBeNull();
  });

  it('reads nothing without a storage', () => {
    expect(readSession(undefined)).toBeNull();
    expect(readAccessToken(undefined)).toBeNull();
  });
});

describe('the host mark', () => {
  it('is left to the server (an HttpOnly cookie): the session never writes document.cookie', () => {
    const written: string[] = [];
    vi.stubGlobal('document', {
      set cookie(value: string) {
        written.push(value);
      },
    });
    try {
      const storage = createMemoryStorage();
      writeSession(session, storage);
      writeVerificationSession('verify-token', storage);
      clearSession(storage);
      expect(written).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
