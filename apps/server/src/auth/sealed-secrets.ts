import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Secrets at rest (Zoom's tokens under ZOOM_TOKEN_KEY, the LTI tool's private keys under a key
// derived from the media secret): AES-256-GCM, a fresh 12-byte IV each time, the 16-byte tag
// checked on the way out (a changed row or another key fails rather than decrypts).
// Stored as "v1." + base64(iv | tag | ciphertext).

const PREFIX = 'v1.';

export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The secret, or null when the value was not sealed with this key (or was altered). */
export function openSecret(key: Buffer, sealed: string): string | null {
  if (!sealed.startsWith(PREFIX)) return null;
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
