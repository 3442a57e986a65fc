import { randomBytes } from 'node:crypto';
import { exportJWK, exportPKCS8, generateKeyPair, importPKCS8, type CryptoKey } from 'jose';
import type { TDb } from '../../db/client.js';
import { openSecret, sealSecret } from '../../auth/sealed-secrets.js';
import { ltiSealingKey } from './lti-key-cipher.js';
import { findCurrentKey, listPublishedKeys, replaceCurrentKey, type TToolKeyRow } from './lti.repository.js';

// The tool's RS256 signing keys, one set per organisation. A rotation makes a new current key;
// the one it replaces stays published for ROTATION_GRACE_HOURS, so platforms that cached the
// JWKS still verify messages signed just before, then drops out of the JWKS.

export const LTI_KEY_ALG = 'RS256';
/** How long a replaced key stays in the JWKS. */
export const ROTATION_GRACE_HOURS = 72;

export const graceStart = (now: Date) => new Date(now.getTime() - ROTATION_GRACE_HOURS * 3600_000);

/** A new current key for the organisation (the old one retired now). */
export async function rotateToolKey(db: TDb, secret: string, orgId: string): Promise<TToolKeyRow> {
  const { publicKey, privateKey } = await generateKeyPair(LTI_KEY_ALG, { modulusLength: 2048, extractable: true });
  const kid = randomBytes(12).toString('base64url');
  const jwk = await exportJWK(publicKey);
  const row = {
    kid,
    orgId,
    publicJwk: { ...jwk, kid, alg: LTI_KEY_ALG, use: 'sig' },
    privateKeySealed: sealSecret(ltiSealingKey(secret), await exportPKCS8(privateKey)),
  };
  const now = new Date();
  await db.transaction((tx) => replaceCurrentKey(tx, row, now));
  return { ...row, createdAt: now, retiredAt: null };
}

/** The organisation's current key, made on first use. */
export async function currentToolKey(db: TDb, secret: string, orgId: string): Promise<TToolKeyRow> {
  return (await findCurrentKey(db, orgId)) ?? rotateToolKey(db, secret, orgId);
}

/** The private key to sign with; throws when the row was sealed under another secret. */
export async function signingKeyOf(secret: string, row: TToolKeyRow): Promise<CryptoKey> {
  const pem = openSecret(ltiSealingKey(secret), row.privateKeySealed);
  if (!pem) throw new Error(`LTI key ${row.kid} cannot be opened with this server's media secret`);
  return importPKCS8(pem, LTI_KEY_ALG);
}

/** The public JWKS: the current key and those retired within the grace period. */
export async function publishedJwks(db: TDb, orgId: string): Promise<{ keys: Record<string, unknown>[] }> {
  const rows = await listPublishedKeys(db, orgId, graceStart(new Date()));
  return { keys: rows.map((r) => r.publicJwk) };
}
