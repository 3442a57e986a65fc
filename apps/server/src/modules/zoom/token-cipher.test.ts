import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptToken, encryptToken } from './token-cipher.js';

describe('Zoom token cipher', () => {
  const key = randomBytes(32);
  it('round-trips and never stores the token in clear', () => {
    const sealed = encryptToken(key, 'access-token-123');
    expect(sealed).not.toContain('access-token-123');
    expect(decryptToken(key, sealed)).toBe('access-token-123');
    // A fresh IV each time.
    expect(encryptToken(key, 'access-token-123')).not.toBe(sealed);
  });
  it('refuses another key and an altered value', () => {
    const sealed = encryptToken(key, 'refresh-token');
    expect(decryptToken(randomBytes(32), sealed)).toBeNull();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(decryptToken(key, `v1.${raw.toString('base64')}`)).toBeNull();
    expect(decryptToken(key, 'plain')).toBeNull();
  });
});
