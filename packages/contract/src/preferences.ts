import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { ASSIGNMENT_FILTERS } from './assignment-status.js';

export const ZModeSchema = z.enum(['manager', 'speaker']);

/**
 * Per-user UI preferences (current mode, remembered choices of the dashboards, 002 sections 2.2
 * and 2.4). The named keys below take only their listed values; a client may add its own keys
 * (hideVideo:{recordingId}, assPreviewSort, ...) within caps. They are stored on the user and
 * sent back with every GET me, so their size must stay small however often they are written.
 * groupEntries caps each per-group map ({ [groupId]: value }).
 */
export const PREFERENCES_LIMITS = {
  keys: 200,
  keyLength: 80,
  arrayItems: 200,
  stringLength: 200,
  storedBytes: 16384,
  groupEntries: 50,
} as const;

/** A remembered sort: "{key}-u" (ascending) or "{key}-d" (descending). */
export type TSortPreference<K extends string> = `${K}-u` | `${K}-d`;
export function sortPreferenceValues<const K extends string>(keys: readonly K[]): TSortPreference<K>[] {
  return keys.flatMap((k) => [`${k}-u` as const, `${k}-d` as const]);
}

export const COACH_DASHBOARD_VIEWS = ['assignments', 'members', 'templates'] as const;
export const TEMPLATE_FILTERS = ['all', 'shared', 'private'] as const;
/** The coach members table's columns (002 section 2.2). */
export const COACH_MEMBER_SORT_KEYS = [
  'name',
  'joinDate',
  'lastUpload',
  'totalAssignments',
  'activeAssignments',
  'recordings',
  'flagged',
  'comments',
] as const;
/** The per-assignment table under a member row: the assignment, its status, and the member's work on it. */
export const COACH_MEMBER_ASSIGNMENT_SORT_KEYS = ['name', 'status', 'lastUpload', 'recordings', 'flagged', 'comments'] as const;
/** The coach members view's recordings filter: Flagged for Review, Shared, With Comments, All. */
export const MEMBER_RECORDING_FILTERS = ['submitted', 'shared', 'comments', 'all'] as const;
export const SPEAKER_DASHBOARD_VIEWS = ['assignments', 'library'] as const;
/** My Library filters All, Flagged for Review, Assignments, Private. */
export const MY_LIB_FILTERS = ['submitted', 'assignment', 'all', 'private'] as const;
export const MY_LIB_SORT_KEYS = [
  'title',
  'group',
  'uploaded',
  'duration',
  'overall',
  'recordingComments',
  'rating',
  'coachRating',
] as const;
/** The Record tab's live cues (level meter warnings aside): pace and pausing while recording. */
export const LIVE_CUES_CHOICES = ['on', 'off'] as const;
/** The tour of a speaker's first results (issue 41): once finished or skipped, it is not shown again. */
export const FIRST_RESULTS_TOUR_CHOICES = ['pending', 'done', 'skipped'] as const;

/** The named keys holding one value each, with their allowed values. */
export const PREFERENCE_CHOICES = {
  coachDashboardToggle: COACH_DASHBOARD_VIEWS,
  templateToggle: TEMPLATE_FILTERS,
  coachAssFilter: ASSIGNMENT_FILTERS,
  coachMemberSort: sortPreferenceValues(COACH_MEMBER_SORT_KEYS),
  coachMemberAssSort: sortPreferenceValues(COACH_MEMBER_ASSIGNMENT_SORT_KEYS),
  speakerDashboardToggle: SPEAKER_DASHBOARD_VIEWS,
  myLibFilter: MY_LIB_FILTERS,
  myLibSort: sortPreferenceValues(MY_LIB_SORT_KEYS),
  liveCues: LIVE_CUES_CHOICES,
  firstResultsTour: FIRST_RESULTS_TOUR_CHOICES,
} as const;
export type TPreferenceKey = keyof typeof PREFERENCE_CHOICES;
export type TPreferenceChoice<K extends TPreferenceKey> = (typeof PREFERENCE_CHOICES)[K][number];

/** The named keys remembered per group, { [groupId]: value }, with their allowed values. */
export const GROUP_PREFERENCE_CHOICES = {
  /** Coach members view: assignment status filter. */
  coachMemberAssFilters: ASSIGNMENT_FILTERS,
  /** Coach members view: recordings filter. */
  coachMemberRecFilters: MEMBER_RECORDING_FILTERS,
  speakerAssignmentFilters: ASSIGNMENT_FILTERS,
} as const;
export type TGroupPreferenceKey = keyof typeof GROUP_PREFERENCE_CHOICES;
export type TGroupPreferenceChoice<K extends TGroupPreferenceKey> = (typeof GROUP_PREFERENCE_CHOICES)[K][number];
export const GROUP_PREFERENCE_KEYS = Object.keys(GROUP_PREFERENCE_CHOICES) as TGroupPreferenceKey[];

/** What a screen shows while nothing (or nothing valid) is stored; sorts are not set by the spec. */
export const PREFERENCE_DEFAULTS: { [K in TPreferenceKey]: TPreferenceChoice<K> } & {
  [K in TGroupPreferenceKey]: TGroupPreferenceChoice<K>;
} = {
  coachDashboardToggle: 'assignments',
  templateToggle: 'all',
  coachAssFilter: 'recent',
  coachMemberSort: 'name-u',
  coachMemberAssSort: 'name-u',
  speakerDashboardToggle: 'assignments',
  myLibFilter: 'all',
  myLibSort: 'uploaded-d',
  liveCues: 'on',
  firstResultsTour: 'pending',
  coachMemberAssFilters: 'recent',
  coachMemberRecFilters: 'all',
  speakerAssignmentFilters: 'recent',
};

// null rides on the string member: a nullable union would have no `type` in OpenAPI 3.0.
const ZPreferenceValueSchema = z.union([
  z.string().max(PREFERENCES_LIMITS.stringLength).nullable(),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string().max(PREFERENCES_LIMITS.stringLength), z.number()])).max(PREFERENCES_LIMITS.arrayItems),
]);
// Typed (not parsed) as possibly a map too, so that TypeScript lets the named per-group maps sit
// beside the index signature (`{ ...prefs, key: v }`); at run time a client key holding an object is refused.
type TOtherValue = z.infer<typeof ZPreferenceValueSchema>;
const ZOtherValueSchema = ZPreferenceValueSchema as unknown as z.ZodType<TOtherValue | Record<string, string>>;
const ZOtherUpdateValueSchema = ZPreferenceValueSchema as unknown as z.ZodType<TOtherValue | Record<string, string | null>>;

/** Expanded rows of My Library: row indices or recording ids. */
const ZTableRowIndicesSchema = z.array(z.union([z.number().int().min(0), ZIdSchema])).max(PREFERENCES_LIMITS.arrayItems);

const choice = <K extends TPreferenceKey>(key: K) => z.enum(PREFERENCE_CHOICES[key]).optional();
const groupMap = <K extends TGroupPreferenceKey>(key: K) => z.record(ZIdSchema, z.enum(GROUP_PREFERENCE_CHOICES[key]));
// In a PUT, null forgets that group's choice.
const groupMapUpdate = <K extends TGroupPreferenceKey>(key: K) => z.record(ZIdSchema, z.enum(GROUP_PREFERENCE_CHOICES[key]).nullable());

const namedShape = {
  currentMode: ZModeSchema.optional(),
  tableRowIndices: ZTableRowIndicesSchema.optional(),
  coachDashboardToggle: choice('coachDashboardToggle'),
  templateToggle: choice('templateToggle'),
  coachAssFilter: choice('coachAssFilter'),
  coachMemberSort: choice('coachMemberSort'),
  coachMemberAssSort: choice('coachMemberAssSort'),
  speakerDashboardToggle: choice('speakerDashboardToggle'),
  myLibFilter: choice('myLibFilter'),
  myLibSort: choice('myLibSort'),
  liveCues: choice('liveCues'),
  firstResultsTour: choice('firstResultsTour'),
};

/** The stored preferences, as GET me and PUT me/preferences return them. */
export const ZPreferencesSchema = z
  .object({
    ...namedShape,
    coachMemberAssFilters: groupMap('coachMemberAssFilters').optional(),
    coachMemberRecFilters: groupMap('coachMemberRecFilters').optional(),
    speakerAssignmentFilters: groupMap('speakerAssignmentFilters').optional(),
  })
  .catchall(ZOtherValueSchema);
export type TPreferences = z.infer<typeof ZPreferencesSchema>;

const keyPattern = /^[A-Za-z][A-Za-z0-9_.:-]*$/;

/**
 * PUT me/preferences: some keys to merge into the stored ones. A per-group map merges group by
 * group; a null there forgets that group's choice.
 */
export const ZUpdatePreferencesBodySchema = z
  .object({
    ...namedShape,
    coachMemberAssFilters: groupMapUpdate('coachMemberAssFilters').optional(),
    coachMemberRecFilters: groupMapUpdate('coachMemberRecFilters').optional(),
    speakerAssignmentFilters: groupMapUpdate('speakerAssignmentFilters').optional(),
  })
  .catchall(ZOtherUpdateValueSchema)
  .superRefine((v, ctx) => {
    const keys = Object.keys(v);
    if (keys.length > PREFERENCES_LIMITS.keys) ctx.addIssue({ code: 'custom', message: `At most ${PREFERENCES_LIMITS.keys} preferences` });
    if (keys.some((k) => !keyPattern.test(k) || k.length > PREFERENCES_LIMITS.keyLength)) {
      ctx.addIssue({
        code: 'custom',
        message: `Preference names are letters, digits, "_", ".", ":" or "-", at most ${PREFERENCES_LIMITS.keyLength} characters`,
      });
    }
    for (const key of GROUP_PREFERENCE_KEYS) {
      const map = v[key];
      if (map && Object.keys(map).length > PREFERENCES_LIMITS.groupEntries) {
        ctx.addIssue({ code: 'custom', path: [key], message: `At most ${PREFERENCES_LIMITS.groupEntries} groups per preference` });
      }
    }
  });
export type TUpdatePreferencesBody = z.infer<typeof ZUpdatePreferencesBodySchema>;

/**
 * The stored preferences as sent back: a value (or a group's entry) that no longer fits its key,
 * say one saved before the key was named, is left out, so the reader falls back to its default.
 */
export function readPreferences(stored: unknown): TPreferences {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (Object.hasOwn(GROUP_PREFERENCE_CHOICES, key)) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
      const choice = z.enum(GROUP_PREFERENCE_CHOICES[key as TGroupPreferenceKey]);
      out[key] = Object.fromEntries(
        Object.entries(value).filter(([groupId, v]) => ZIdSchema.safeParse(groupId).success && choice.safeParse(v).success),
      );
      continue;
    }
    const schema = Object.hasOwn(namedShape, key) ? namedShape[key as keyof typeof namedShape] : ZPreferenceValueSchema;
    const parsed = schema.safeParse(value);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return out as TPreferences;
}

/**
 * The per-recording hide video preference (001 section 3): true hides the results page's video.
 * Set at upload when the chosen algorithm is conversational.
 */
export const hideVideoKey = (recordingId: string) => `hideVideo:${recordingId}`;
