import { randomInt } from 'node:crypto';
import { hashSecret } from '../../auth/keys.js';

// Prepaid codes: 20 characters of Crockford's base32 (no I, L, O, U), 100 random bits, written
// in groups of five: 7K3QD-9XWMT-R2B8N-FH4ZC. Typed back in any letter case, with or without
// dashes or spaces, and with I/L read as 1 and O as 0, it normalises to the same 20 characters.

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PREPAID_CODE_LENGTH = 20;
const GROUP = 5;
/** Characters kept in clear for the admin list: 80 unknown bits remain. */
const SUFFIX = 4;

/** A fresh code, formatted for people. */
export function newPrepaidCode(): string {
  let raw = '';
  for (let i = 0; i < PREPAID_CODE_LENGTH; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return formatPrepaidCode(raw);
}

export function formatPrepaidCode(normalised: string): string {
  return normalised.match(new RegExp(`.{1,${GROUP}}`, 'g'))!.join('-');
}

/** The canonical form of a typed code, or null when it cannot be one of ours. */
export function normalisePrepaidCode(typed: string): string | null {
  const s = typed
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (s.length !== PREPAID_CODE_LENGTH) return null;
  for (const c of s) if (!ALPHABET.includes(c)) return null;
  return s;
}

/** What is stored of a code: the SHA-256 of its normalised form, and its last characters. */
export function prepaidCodeHash(normalised: string): string {
  return hashSecret(`prepaid:${normalised}`);
}

export function prepaidCodeSuffix(normalised: string): string {
  return normalised.slice(-SUFFIX);
}

/** The code as the admin list shows it: every character hidden but the last four. */
export function maskPrepaidCode(suffix: string): string {
  return formatPrepaidCode('*'.repeat(PREPAID_CODE_LENGTH - suffix.length) + suffix);
}
