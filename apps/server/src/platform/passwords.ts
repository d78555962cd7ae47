import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum parameters: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 runs on libuv's thread pool, which file reads and DNS share (4 threads by default), and each hash
 * keeps a core busy. At most one hash per core but one (and never more than two threads) runs at once, so
 * file reads and the event loop keep a core during a login burst; the others queue here.
 */
const MAX_CONCURRENT_HASHES = Math.min(2, Math.max(1, availableParallelism() - 1));
let running = 0;
const waiting: (() => void)[] = [];

const withHashSlot = async <T>(work: () => Promise<T>): Promise<T> => {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
};

/**
 * How many argon2 hashes and verifications this process started. The auth tests count them: an unknown address must
 * do the work a known one does, and timing a 10–20 ms hash against a whole request was flaky on a loaded machine.
 */
export const passwordWork = { hashes: 0, verifications: 0 };

export const hashPassword = (password: string): Promise<string> => {
  passwordWork.hashes++;
  return withHashSlot(() => hash(password, OPTIONS));
};

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  passwordWork.verifications++;
  try {
    return await withHashSlot(() => verify(passwordHash, password));
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so a login cannot tell an unknown e-mail from a wrong password. */
export const verifyAgainstDummy = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword('Dummy-password-1');
  await verifyPassword(await dummyHash, password);
  return false;
};
