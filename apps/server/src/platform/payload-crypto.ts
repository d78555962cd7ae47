import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** A 256-bit AES key derived from the `payloadKey` secret (any length of secret gives a full-size key). */
export const payloadKeyFrom = (secret: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'magiim payload v1', 32));

/**
 * Seals a JSON value with AES-256-GCM. `context` (e.g. the row id) is bound as associated data, so a sealed
 * value copied into another row does not open there. Output: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export const sealPayload = (key: Buffer, value: unknown, context: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
};

/** Opens what `sealPayload` sealed with the same key and context; throws on any tampering. */
export const openPayload = <T>(key: Buffer, sealed: string, context: string): T => {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed payload');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as T;
};
