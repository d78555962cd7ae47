import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('hashes and verifies with argon2id', async () => {
    const hashed = await hashPassword('Chuppah-2026');
    expect(hashed).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hashed, 'Chuppah-2026')).toBe(true);
    expect(await verifyPassword(hashed, 'wrong')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('leaves libuv threads for file reads while a burst of hashes runs', async () => {
    const burst = Array.from({ length: 16 }, () => hashPassword('Chuppah-2026'));
    const started = performance.now();
    await readFile(new URL(import.meta.url));
    const fileReadMs = performance.now() - started;
    const burstDone = performance.now();
    await Promise.all(burst);
    const burstMs = performance.now() - burstDone + fileReadMs;
    // Without the limit the read waits behind the hashes that hold all four threads.
    expect(fileReadMs).toBeLessThan(burstMs / 3);
  });
});
