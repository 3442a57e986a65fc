import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from '../../auth/sealed-secrets.js';
import { ltiSealingKey } from './lti-key-cipher.js';

describe('the LTI key cipher', () => {
  const key = ltiSealingKey('a-media-secret-of-at-least-32-characters');

  it('seals with a fresh IV each time and opens what it sealed', () => {
    const a = sealSecret(key, '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----');
    const b = sealSecret(key, '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----');
    expect(a).toMatch(/^v1\./);
    expect(a).not.toBe(b);
    expect(a).not.toContain('PRIVATE KEY');
    expect(openSecret(key, a)).toBe('-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----');
  });

  it('refuses another secret, an altered value and a value it did not seal', () => {
    const sealed = sealSecret(key, 'pem');
    expect(openSecret(ltiSealingKey('another-media-secret-of-32-characters!!'), sealed)).toBeNull();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(openSecret(key, `v1.${raw.toString('base64')}`)).toBeNull();
    expect(openSecret(key, 'pem')).toBeNull();
    expect(openSecret(key, 'v1.AAAA')).toBeNull();
  });
});
