import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from '@rostrum/contract';
import type { TMediaKind } from './media-storage.js';

// <audio> and <video> cannot send an Authorization header, so media is served from signed
// addresses. An address is issued to one user (GET recording) and names them; the media route
// checks that user's access again on every request (cached for seconds), so withdrawing access
// (unsharing, removing a coach, a privacy level, deleting) ends it within seconds, long before
// the address itself expires.

export const MEDIA_URL_SECONDS = 6 * 3600;

/** MEDIA_SECRET, or one generated once and kept in DATA_DIR for a single-node install. */
export function loadMediaSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, '.media-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const mac = (secret: string, recordingId: string, kind: string, userId: string, exp: number) =>
  createHmac('sha256', secret).update(`${recordingId}/${kind}/${userId}/${exp}`).digest('base64url');

/** The address of one media file of a recording, for the user `userId` (who may hear it now). */
export function signMediaUrl(secret: string, recordingId: string, kind: TMediaKind, userId: string, now = Date.now()): string {
  // Rounded to the hour so repeated polls of a recording return the same address (cacheable).
  const exp = Math.ceil((now / 1000 + MEDIA_URL_SECONDS) / 3600) * 3600;
  return `${API_PREFIX}/media/${recordingId}/${kind}?u=${userId}&exp=${exp}&sig=${mac(secret, recordingId, kind, userId, exp)}`;
}

export function verifyMediaSignature(
  secret: string,
  recordingId: string,
  kind: string,
  userId: string,
  exp: number,
  sig: string,
  now = Date.now(),
): boolean {
  if (!Number.isFinite(exp) || exp * 1000 < now) return false;
  const expected = Buffer.from(mac(secret, recordingId, kind, userId, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
