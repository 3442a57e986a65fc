import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { LIMITS } from './constants.js';
import { withArticle } from './indefinite-article.js';
import { ZEmailSchema } from './user.js';
import { vocabulary, type TOrgType } from './vocabulary.js';

// Bulk invites of speakers to a group (issue 41, item 10): an admin, or a coach of the group,
// pastes a list of emails or picks a CSV file; each new address gets the group's invite email.
// Here: the wire shapes, the parsers of pasted text and of a CSV file's rows (the web parses, the
// server checks the same rows again), the per-row screening both sides apply, and the words.

/** At most this many rows per batch (POST invites/bulk); a longer list is refused whole (400). */
export const BULK_INVITE_MAX = 200;

/**
 * A field longer than this is no email or name at all: the batch is refused (400). Shorter but
 * still wrong values (a bad email, a name over 50 characters) are reported per row as skipped.
 * The parsers below cut their fields to it, so what they read is always a valid batch row.
 */
const FIELD_MAX = 500;

/** A parsed row with each field cut to FIELD_MAX, empty names left out. */
function invitee(email: string, names: { firstName?: string; lastName?: string } = {}): TBulkInvitee {
  const cut = (s: string) => s.slice(0, FIELD_MAX);
  return {
    email: cut(email),
    ...(names.firstName && { firstName: cut(names.firstName) }),
    ...(names.lastName && { lastName: cut(names.lastName) }),
  };
}

/** One row as pasted or read from the file: checked per row by screenInvitees, not by the schema. */
export const ZBulkInviteeSchema = z
  .object({
    email: z.string().max(FIELD_MAX),
    firstName: z.string().max(FIELD_MAX).optional(),
    lastName: z.string().max(FIELD_MAX).optional(),
  })
  .strict();
export type TBulkInvitee = z.infer<typeof ZBulkInviteeSchema>;

export const bulkInviteTooMany = (n: number) =>
  `At most ${BULK_INVITE_MAX} invites can be sent at once; this list has ${n}. Split it and send each part.`;

/** POST invites/bulk. */
export const ZBulkInviteBodySchema = z
  .object({
    groupId: ZIdSchema,
    invitees: z
      .array(ZBulkInviteeSchema)
      .min(1, 'Add at least one email address')
      .max(BULK_INVITE_MAX, `At most ${BULK_INVITE_MAX} invites can be sent at once`),
  })
  .strict();
export type TBulkInviteBody = z.infer<typeof ZBulkInviteBodySchema>;

/**
 * Why a row was not invited. The first three are decided from the list itself (screenInvitees),
 * the others by the server: already a speaker of the group, its coach, an invite of the
 * organisation still pending for the address, or an account in the organisation (an invite is
 * for a new account; sign-up refuses an address that has one).
 */
export const BULK_INVITE_SKIP_REASONS = ['invalid-email', 'name-too-long', 'duplicate', 'member', 'coach', 'pending', 'account'] as const;
export type TBulkInviteSkipReason = (typeof BULK_INVITE_SKIP_REASONS)[number];

export const ZBulkInviteRowSchema = z.object({
  /** Lower-cased when it is a valid address; otherwise as sent, trimmed. */
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  result: z.enum(['invited', 'skipped']),
  /** Null when invited. */
  reason: z.enum(BULK_INVITE_SKIP_REASONS).nullable(),
});
export type TBulkInviteRow = z.infer<typeof ZBulkInviteRowSchema>;

/** The answer: one row per row sent, in the same order, and the counts. */
export const ZBulkInviteResultSchema = z.object({
  invited: z.number().int(),
  skipped: z.number().int(),
  rows: z.array(ZBulkInviteRowSchema),
});
export type TBulkInviteResult = z.infer<typeof ZBulkInviteResultSchema>;

/** A row after the checks that need only the list: normalised, and the reason when it is skipped. */
export interface TScreenedInvitee {
  email: string;
  firstName: string | null;
  lastName: string | null;
  skip: Extract<TBulkInviteSkipReason, 'invalid-email' | 'name-too-long' | 'duplicate'> | null;
}

/** A name as stored: one line, single spaces, trimmed; empty is none. */
function cleanName(name: string | undefined): string | null {
  const s = (name ?? '').replace(/\s+/g, ' ').trim();
  return s === '' ? null : s;
}

/**
 * The checks of each row that need nothing but the list, in its order: the email must be valid
 * (it is lower-cased, as every email of the product), each name at most 50 characters (000
 * section 9), and an address already listed above is a duplicate (only its first row counts).
 */
export function screenInvitees(rows: ReadonlyArray<TBulkInvitee>): TScreenedInvitee[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const firstName = cleanName(row.firstName);
    const lastName = cleanName(row.lastName);
    const parsed = ZEmailSchema.safeParse(row.email);
    if (!parsed.success) return { email: row.email.trim(), firstName, lastName, skip: 'invalid-email' };
    const email = parsed.data;
    if ((firstName?.length ?? 0) > LIMITS.firstName || (lastName?.length ?? 0) > LIMITS.lastName) {
      return { email, firstName, lastName, skip: 'name-too-long' };
    }
    if (seen.has(email)) return { email, firstName, lastName, skip: 'duplicate' };
    seen.add(email);
    return { email, firstName, lastName, skip: null };
  });
}

/**
 * A full name as first and last name: "Last, First" when it has a comma, else the last word is
 * the last name ("Mary Ann Smith": Mary Ann, Smith); one word is a first name.
 */
export function splitFullName(full: string): { firstName?: string; lastName?: string } {
  const name = full.replace(/^["'\s]+|["'\s]+$/g, '').replace(/\s+/g, ' ');
  if (!name) return {};
  const comma = name.indexOf(',');
  if (comma >= 0) {
    const last = name.slice(0, comma).trim();
    const first = name.slice(comma + 1).trim();
    return { ...(first && { firstName: first }), ...(last && { lastName: last }) };
  }
  const space = name.lastIndexOf(' ');
  if (space < 0) return { firstName: name };
  return { firstName: name.slice(0, space), lastName: name.slice(space + 1) };
}

/** Splits pasted text into entries at commas, semicolons and line ends, outside quotes and <...>. */
function segmentsOf(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  let angled = false;
  for (const ch of text) {
    if (ch === '\n' || ch === '\r') {
      // A line always ends an entry, so one stray quote cannot swallow the rest of the list.
      out.push(cur);
      cur = '';
      quoted = false;
      angled = false;
      continue;
    }
    if (ch === '"' && !angled) quoted = !quoted;
    else if (ch === '<' && !quoted) angled = true;
    else if (ch === '>' && !quoted) angled = false;
    if ((ch === ',' || ch === ';') && !quoted && !angled) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
}

/** Bare addresses separated by spaces; stray angle brackets around one are dropped. */
function bareEmails(text: string): TBulkInvitee[] {
  return text
    .split(/\s+/)
    .map((t) => t.replace(/^<+|>+$/g, ''))
    .filter(Boolean)
    .map((email) => invitee(email));
}

/** One segment: bare addresses, and "Name <address>" entries whose name is the text before it. */
function entriesOf(segment: string): TBulkInvitee[] {
  const out: TBulkInvitee[] = [];
  const angled = /<([^<>]*)>/g;
  let from = 0;
  for (let m = angled.exec(segment); m; m = angled.exec(segment)) {
    // Before the address: quoted names, words, and any bare addresses listed ahead of it.
    const words = segment.slice(from, m.index).match(/"[^"]*"|\S+/g) ?? [];
    const isBare = (w: string) => !w.startsWith('"') && w.includes('@');
    out.push(...words.filter(isBare).map((email) => invitee(email)));
    const name = words
      .filter((w) => !isBare(w))
      .join(' ')
      .replace(/"/g, '');
    out.push(invitee(m[1]!.trim(), splitFullName(name)));
    from = angled.lastIndex;
  }
  out.push(...bareEmails(segment.slice(from)));
  return out;
}

/**
 * Pasted text: addresses separated by commas, semicolons, spaces or new lines, each optionally
 * as `First Last <address>` (a quoted name may hold a comma: `"Lovelace, Ada" <ada@example.org>`).
 * Every entry is kept, valid or not, so the result can say what was wrong with it.
 */
export function parseInviteeText(text: string): TBulkInvitee[] {
  return segmentsOf(text).flatMap(entriesOf);
}

/** A header cell in one spelling: "First Name", "first_name" and "FIRSTNAME" are all firstname. */
const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, '');
const HEADERS = {
  email: ['email', 'emailaddress', 'mail'],
  firstName: ['firstname', 'first', 'givenname', 'forename'],
  lastName: ['lastname', 'last', 'surname', 'familyname'],
  name: ['name', 'fullname'],
} as const;

export const CSV_HEADER_MISSING = 'The first row of the file must name its columns: email, first name, last name.';
export const CSV_EMPTY = 'The file has no rows.';

/**
 * A CSV file's rows (the web reads them with csv-parse): a header row naming the columns email,
 * first name and last name in any order and letter case (a single name column is split into
 * the two), then one invitee per row. Empty rows are left out; other columns are ignored.
 */
export function inviteesFromCsvRows(rows: ReadonlyArray<ReadonlyArray<string>>): { invitees: TBulkInvitee[] } | { error: string } {
  const filled = rows.filter((r) => r.some((c) => c.trim() !== ''));
  const [header, ...data] = filled;
  if (!header) return { error: CSV_EMPTY };
  const keys = header.map(headerKey);
  const column = (names: ReadonlyArray<string>) => keys.findIndex((k) => names.includes(k));
  const email = column(HEADERS.email);
  if (email < 0) return { error: CSV_HEADER_MISSING };
  const first = column(HEADERS.firstName);
  const last = column(HEADERS.lastName);
  const full = first < 0 && last < 0 ? column(HEADERS.name) : -1;
  const cell = (r: ReadonlyArray<string>, i: number) => (i < 0 ? '' : (r[i] ?? '').trim());
  return {
    invitees: data.map((r) =>
      invitee(cell(r, email), full >= 0 ? splitFullName(cell(r, full)) : { firstName: cell(r, first), lastName: cell(r, last) }),
    ),
  };
}

/** A skipped row's reason in words, in the organisation's vocabulary. */
export function bulkInviteReasonText(reason: TBulkInviteSkipReason, orgType: TOrgType | string | null | undefined): string {
  const v = vocabulary(orgType);
  switch (reason) {
    case 'invalid-email':
      return 'Not a valid email address';
    case 'name-too-long':
      return `First and last name can have at most ${LIMITS.firstName} characters each`;
    case 'duplicate':
      return 'Listed more than once (invited once)';
    case 'member':
      return `Already a member of this ${v.word('group')}`;
    case 'coach':
      return `Is ${withArticle(v.word('coach'))} of this ${v.word('group')}`;
    case 'pending':
      return 'Already invited (invite pending)';
    case 'account':
      return 'Already has an account in this organization';
  }
}

/** The whole batch refused: the seats it needs and those still free. Nothing was sent. */
export function bulkInviteSeatMessage(needed: number, free: number, orgType: TOrgType | string | null | undefined): string {
  const seat = `${vocabulary(orgType).word('speaker')} seat`;
  const need = needed === 1 ? `This invite needs 1 ${seat}` : `These ${needed} invites need ${needed} ${seat}s`;
  const left = free === 0 ? 'none are free' : free === 1 ? '1 is free' : `${free} are free`;
  return `${need}; ${left}. No invites were sent.`;
}

/** The line above the result table. */
export function bulkInviteSummary(result: Pick<TBulkInviteResult, 'invited' | 'skipped'>): string {
  const sent = result.invited === 1 ? '1 invite sent' : `${result.invited} invites sent`;
  return `${sent}, ${result.skipped} skipped.`;
}
