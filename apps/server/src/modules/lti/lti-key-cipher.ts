import { hkdfSync } from 'node:crypto';

// The tool's private signing keys at rest, sealed as Zoom's tokens are (auth/sealed-secrets.ts)
// but under a key of their own, derived (HKDF-SHA256) from the server's media secret, which every
// installation has (MEDIA_SECRET, or the one kept in DATA_DIR): ZOOM_TOKEN_KEY is optional and Zoom's.
const keys = new Map<string, Buffer>();

/** The 32-byte sealing key for this secret (derived once per process). */
export function ltiSealingKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'rostrum', 'lti tool signing keys v1', 32));
    keys.set(secret, key);
  }
  return key;
}
