import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { ASSIGNMENT_LIMITS } from './assignment-criteria.js';
import { FILLER_PHRASE } from './word-spotting.js';

// Wordspotting lists (002 sections 2.9, 5, 7): the phrases a recording's analysis counts. A list
// belongs to the organisation, one group or one user, per recording type (algorithm); an
// assignment carries its own phrases. Which list a recording uses is decided on the server
// (modules/wordspotting/resolve-list.ts) and snapshotted onto the recording when its analysis starts.

/** Where a list comes from, in the order a recording's list is chosen (the first that exists wins). */
export const WORDSPOTTING_SOURCES = ['assignment', 'user', 'group', 'org', 'default'] as const;
export type TWordspottingSource = (typeof WORDSPOTTING_SOURCES)[number];

/** The scopes a stored list belongs to (assignment phrases live on the assignment). */
export const WORDSPOTTING_SCOPES = ['org', 'group', 'user'] as const;
export type TWordspottingScope = (typeof WORDSPOTTING_SCOPES)[number];

/** The default list: what every recording counts when no custom list applies. */
export const DEFAULT_WORDSPOTTING: readonly string[] = [FILLER_PHRASE];

export const WORDSPOTTING_MSG = {
  fillerRestored: `Restoring "${FILLER_PHRASE}" to the list. This phrase cannot be removed.`,
  invalidDelete: 'Invalid delete request. Please reload the page',
  resetConfirm: 'Are you sure you wish to remove this wordspotting list and reset to the defaults?',
  oneScope: 'Give exactly one of orgId, groupId or userId',
  tooMany: `At most ${ASSIGNMENT_LIMITS.wordspottingPhrasesMax} phrases`,
  phraseTooLong: `Each phrase is at most ${ASSIGNMENT_LIMITS.wordspottingPhraseMax} characters`,
  unknownAlgorithm: 'Unknown recording type',
} as const;

const isFiller = (p: string) => p.trim().toLowerCase() === FILLER_PHRASE;

/**
 * A list as saved: "uh/um" first (it cannot be removed), then the phrases in order, trimmed,
 * blanks and repeats (ignoring case) dropped.
 */
export function normaliseWordspotting(phrases: readonly string[]): string[] {
  const seen = new Set<string>([FILLER_PHRASE]);
  const out = [FILLER_PHRASE];
  for (const raw of phrases) {
    const p = raw.trim().replace(/\s+/g, ' ');
    const key = p.toLowerCase();
    if (!p || isFiller(p) || seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}

/** The phrases of a list as sent: each at most 100 characters, at most 25 with "uh/um" counted. */
export const ZWordspottingWordsSchema = z
  .array(z.string().max(ASSIGNMENT_LIMITS.wordspottingPhraseMax, WORDSPOTTING_MSG.phraseTooLong))
  .max(200)
  .transform(normaliseWordspotting)
  .refine((w) => w.length <= ASSIGNMENT_LIMITS.wordspottingPhrasesMax, WORDSPOTTING_MSG.tooMany);

const ZAlgorithmNameSchema = z.string().trim().min(1).max(100);

/** One scope id: exactly one of orgId, groupId, userId (002 section 7). */
const scopeShape = { orgId: ZIdSchema.optional(), groupId: ZIdSchema.optional(), userId: ZIdSchema.optional() };
const exactlyOneScope = (v: { orgId?: string; groupId?: string; userId?: string }) =>
  [v.orgId, v.groupId, v.userId].filter((x) => x !== undefined).length === 1;

/** wordspotting add: algorithm, words, and one of orgId, groupId, userId. */
export const ZSaveWordspottingBodySchema = z
  .object({ algorithm: ZAlgorithmNameSchema, words: ZWordspottingWordsSchema, ...scopeShape })
  .strict()
  .refine(exactlyOneScope, WORDSPOTTING_MSG.oneScope);
export type TSaveWordspottingBody = z.input<typeof ZSaveWordspottingBodySchema>;
/** The body once parsed: words normalised. */
export type TSaveWordspottingRequest = z.output<typeof ZSaveWordspottingBodySchema>;

/**
 * wordspotting delete: algorithm and one scope id. A request without exactly one scope is
 * refused with wordspotting.invalid_scope (the page's "Invalid delete request" alert).
 */
export const ZDeleteWordspottingQuerySchema = z.object({ algorithm: ZAlgorithmNameSchema, ...scopeShape }).strict();
export type TDeleteWordspottingQuery = z.infer<typeof ZDeleteWordspottingQuerySchema>;
export const wordspottingScopeValid = exactlyOneScope;

export const ZWordspottingListAbilitiesSchema = z.object({ canEdit: z.boolean(), canReset: z.boolean() });
export type TWordspottingListAbilities = z.infer<typeof ZWordspottingListAbilitiesSchema>;

/** One list of the page: the default, or a custom list of the organisation, a group or a user. */
export const ZWordspottingListSchema = z.object({
  scope: z.enum(['default', ...WORDSPOTTING_SCOPES]),
  /** The org, group or user id; null for the default list. */
  scopeId: z.guid().nullable(),
  /** "Default", the organisation's or group's name, or "My account". */
  name: z.string(),
  algorithm: z.string(),
  words: z.array(z.string()),
  updatedAt: z.iso.datetime().nullable(),
  abilities: ZWordspottingListAbilitiesSchema,
});
export type TWordspottingList = z.infer<typeof ZWordspottingListSchema>;

/** Where the caller may put a new list: the wizard's apply-to, group and recording-type options. */
export const ZWordspottingTargetsSchema = z.object({
  org: z.object({ orgId: z.guid(), name: z.string() }).nullable(),
  groups: z.array(z.object({ groupId: z.guid(), name: z.string() })),
  user: z.object({ userId: z.guid() }).nullable(),
});
export type TWordspottingTargets = z.infer<typeof ZWordspottingTargetsSchema>;

export const ZWordspottingAlgorithmSchema = z.object({ name: z.string(), label: z.string() });

/** GET wordspotting: the lists the caller sees and where they may add one. */
export const ZWordspottingPageSchema = z.object({
  lists: z.array(ZWordspottingListSchema),
  targets: ZWordspottingTargetsSchema,
  algorithms: z.array(ZWordspottingAlgorithmSchema),
});
export type TWordspottingPage = z.infer<typeof ZWordspottingPageSchema>;

/** The list a recording's analysis used (snapshotted when it started), or would use now. */
export const ZWordspottingUsedSchema = z.object({
  source: z.enum(WORDSPOTTING_SOURCES),
  /** The organisation's, group's or assignment's name; null for the default and user lists. */
  name: z.string().nullable(),
  words: z.array(z.string()),
});
export type TWordspottingUsed = z.infer<typeof ZWordspottingUsedSchema>;

/** A recording's word list: the one its results counted, the current one when it differs, and re-analysis. */
export const ZRecordingWordspottingSchema = z.object({
  used: ZWordspottingUsedSchema.nullable(),
  /** The list a new analysis would use, when it differs from `used` (shown to those who may re-analyse). */
  current: ZWordspottingUsedSchema.nullable(),
  /** A re-analysis is queued or running; the results shown are the previous ones until it ends. */
  reanalyzing: z.boolean(),
  canReanalyze: z.boolean(),
});
export type TRecordingWordspotting = z.infer<typeof ZRecordingWordspottingSchema>;

/** How the results page names a list: "Default list", "Organisation list (Northwind)", ... */
export function wordspottingListLabel(used: Pick<TWordspottingUsed, 'source' | 'name'>): string {
  const named = (what: string) => (used.name ? `${what} (${used.name})` : what);
  switch (used.source) {
    case 'assignment':
      return named('Assignment list');
    case 'user':
      return 'Personal list';
    case 'group':
      return named('Group list');
    case 'org':
      return named('Organisation list');
    default:
      return 'Default list';
  }
}

/** Same phrases in the same order (a re-analysis would count the same). */
export function sameWordspotting(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((p, i) => p === b[i]);
}

type TWordspottingSettings = {
  Custom_Wordspotting_For_Groups?: boolean | null;
  Custom_Wordspotting_For_Orgs?: boolean | null;
  Custom_Wordspotting_For_Users?: boolean | null;
};

// Who customises which list (002 sections 2.2, 2.9, 6). The server decides with these (list
// abilities, the calls, GET me's canCustomiseWordspotting); the web renders the abilities.

/** The organisation's list: org admins, with Custom_Wordspotting_For_Orgs on. */
export function maySetOrgWordspotting(settings: TWordspottingSettings, isOrgAdmin: boolean): boolean {
  return !!settings.Custom_Wordspotting_For_Orgs && isOrgAdmin;
}

/** A group's list: its coaches (active managers, or org admins), with Custom_Wordspotting_For_Groups on. */
export function maySetGroupWordspotting(settings: TWordspottingSettings, coachesGroup: boolean): boolean {
  return !!settings.Custom_Wordspotting_For_Groups && coachesGroup;
}

/** One's own list: active speakers, with Custom_Wordspotting_For_Users on. */
export function maySetOwnWordspotting(settings: TWordspottingSettings, isSpeaker: boolean): boolean {
  return !!settings.Custom_Wordspotting_For_Users && isSpeaker;
}

/** Whether any list is the caller's to customise: the Wordspotting tab, button and page (002 sections 2.2, 2.5). */
export function mayCustomiseWordspotting(
  settings: TWordspottingSettings,
  f: { isOrgAdmin: boolean; coachesAnyGroup: boolean; isSpeaker: boolean },
): boolean {
  return (
    maySetOrgWordspotting(settings, f.isOrgAdmin) ||
    maySetGroupWordspotting(settings, f.coachesAnyGroup) ||
    maySetOwnWordspotting(settings, f.isSpeaker)
  );
}
