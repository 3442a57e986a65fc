import { createHash, randomBytes } from 'node:crypto';

/** A fresh 256-bit secret, URL-safe. Only its hash is stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
