import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './sealed-secrets.js';

describe('sealed secrets', () => {
  const key = randomBytes(32);
  it('round-trips and never stores the token in clear', () => {
    const sealed = sealSecret(key, 'access-token-123');
    expect(sealed).not.toContain('access-token-123');
    expect(openSecret(key, sealed)).toBe('access-token-123');
    // A fresh IV each time.
    expect(sealSecret(key, 'access-token-123')).not.toBe(sealed);
  });
  it('refuses another key and an altered value', () => {
    const sealed = sealSecret(key, 'refresh-token');
    expect(openSecret(randomBytes(32), sealed)).toBeNull();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(openSecret(key, `v1.${raw.toString('base64')}`)).toBeNull();
    expect(openSecret(key, 'plain')).toBeNull();
  });
});
