import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  FAILED_CODES,
  NOTICE_KINDS,
  PRACTICE_PROMPT_CATEGORIES,
  type TAssignmentCriteriaInput,
  type TEmailPreferences,
  type TOrgSettings,
  type TPreferences,
  type TWordspottingUsed,
  WORDSPOTTING_SCOPES,
} from '@rostrum/contract';

// The data model, designed for the whole spec: organisations with settings, type, seats and
// expiry; groups; memberships with roles and expiry; invites; keys; recordings.
// Org-level roles (the coaches-and-admins pseudo-group) live on users.org_roles.

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The org code in bearer tokens: lower-case letters and digits, no hyphen. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  type: text('type', { enum: ['edu', 'other'] })
    .notNull()
    .default('other'),
  /** 1: expiry applies at organisation level, no per-user expiry shown. */
  billingModel: integer('billing_model').notNull().default(0),
  expirationDate: ts('expiration_date'),
  settings: jsonb('settings').$type<TOrgSettings>().notNull().default({}),
  whiteLabelLogo: text('white_label_logo'),
  algorithmConfig: jsonb('algorithm_config')
    .$type<{ algorithms: { name: string; venue: string }[]; default_algorithm: string }>()
    .notNull()
    .default({
      algorithms: [
        { name: 'rostrum-default', venue: 'speech' },
        { name: 'rostrum-conversational', venue: 'conversation' },
      ],
      default_algorithm: 'rostrum-default',
    }),
  /** When the product's practice prompts were copied into the organisation's library (once). */
  practicePromptsSeededAt: ts('practice_prompts_seeded_at'),
  /** IANA time zone in which due dates are entered and shown (issue 41 item 8); its admins change it. */
  timeZone: text('time_zone').notNull().default('UTC'),
  createdAt: createdAt(),
});

export type TUserMetadataRow = {
  title?: string | null;
  birthyear?: number | null;
  gender?: string | null;
  freeTrial?: boolean;
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Stored lower-case; unique across the product (one account per email). */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    name: text('name').notNull(),
    metadata: jsonb('metadata').$type<TUserMetadataRow>().notNull().default({}),
    isEu: boolean('is_eu').notNull().default(false),
    // Each consent in its own column with the server's time of when it was given (EU columns are
    // null outside the EU); the two choices' times are when the user last changed them.
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    termsAcceptedAt: ts('terms_accepted_at'),
    privacyAccepted: boolean('privacy_accepted').notNull().default(false),
    privacyAcceptedAt: ts('privacy_accepted_at'),
    ageAttestation: boolean('age_attestation'),
    ageAttestationAt: ts('age_attestation_at'),
    /** Consent to the storage and processing of the user's data in the USA (EU sign-up). */
    usaStorageConsent: boolean('usa_storage_consent'),
    usaStorageConsentAt: ts('usa_storage_consent_at'),
    dataRetention: boolean('data_retention'),
    dataRetentionAt: ts('data_retention_at'),
    /** Anonymised recordings may improve the analysis: only ever the user's own choice. */
    dataUseAllowed: boolean('data_use_allowed'),
    dataUseAllowedAt: ts('data_use_allowed_at'),
    /** Roles in the coaches-and-admins pseudo-group: [] | ['manager'] | ['admin', 'manager']. */
    orgRoles: text('org_roles').array().notNull().default(sql`'{}'::text[]`),
    preferences: jsonb('preferences').$type<TPreferences>().notNull().default({}),
    emailPreferences: jsonb('email_preferences').$type<TEmailPreferences>().notNull(),
    lastLoginAt: ts('last_login_at'),
    /**
     * The access reminder (an email 7 days before a membership's access ends): on by default, off
     * with its switch or with the unsubscribe link. Kept beside the six spec'd switches, not in them.
     */
    accessReminders: boolean('access_reminders').notNull().default(true),
    /** The code in every email's unsubscribe link (no sign-in needed). */
    unsubscribeCode: text('unsubscribe_code').notNull().unique().default(sql`gen_random_uuid()::text`),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('users_org_idx').on(t.orgId)],
);

export type TGroupSettingsRow = { freeDuration?: { years: number } | null };

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Null: invite-only. Codes are matched case-insensitively. */
    inviteCode: text('invite_code'),
    settings: jsonb('settings').$type<TGroupSettingsRow>().notNull().default({}),
    managerPrivacyLevel: integer('manager_privacy_level').notNull().default(1),
    speakerPrivacyLevel: integer('speaker_privacy_level').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('groups_org_name_uq').on(t.orgId, sql`lower(${t.name})`),
    uniqueIndex('groups_invite_code_uq').on(sql`lower(${t.inviteCode})`),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** Current roles: speaker and/or manager. Empty while inactive. */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    startDate: ts('start_date').notNull().defaultNow(),
    /** Null: perpetual. A membership past its expiry counts as inactive. */
    expiresAt: ts('expires_at'),
    /** Roles held before an expiring membership lapsed (shown as expiredRoles). */
    expiredRoles: text('expired_roles').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.groupId] }),
    index('memberships_group_idx').on(t.groupId),
    // The hourly access reminder looks for memberships ending within 7 days.
    index('memberships_expires_idx').on(t.expiresAt),
  ],
);

export type TInviteRoleRow = { groupId: string | null; roles: string[] };

export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    roles: jsonb('roles').$type<TInviteRoleRow[]>().notNull(),
    isEu: boolean('is_eu').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    resentAt: ts('resent_at'),
    acceptedAt: ts('accepted_at'),
  },
  (t) => [index('invites_org_idx').on(t.orgId)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the key; the key itself is never stored. */
    keyHash: text('key_hash').notNull().unique(),
    /** session: bearer key from sign-in; auto: one-hour, single-use sign-in link key. */
    kind: text('kind', { enum: ['session', 'auto'] }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});

/**
 * Counters of the abuse limits (sign-in guesses, reset emails, invite-code guesses), one row per
 * bucket key such as `sign-in:pair:{email} {address}`. Kept in the database, not in process
 * memory, so a limit holds across any number of API nodes; each attempt is reserved with one
 * atomic upsert before any work is done (modules/auth/rate-limits.repository.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    /** Attempts counted in the current window (reserved ones included). */
    hits: integer('hits').notNull(),
    windowStart: ts('window_start').notNull().defaultNow(),
    /** Back-off: no attempt of this bucket is accepted before this time. */
    blockedUntil: ts('blocked_until'),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);

/** Stored as the editor saved it; read through normaliseCriteria (older rows lack some flags). */
export type TAssignmentCriteriaRow = TAssignmentCriteriaInput;

/**
 * Assignments (002 section 3). Three kinds share the table:
 * - templates (isTemplate): made in the editor, owned by a coach (userId), no group; isShared
 *   makes them visible to the organisation's coaches;
 * - global templates (isGlobal, orgId null): the product's own, read-only, for every organisation;
 * - assigned assignments: a copy of a template (templateId) in one group, with targets.
 * deactivated means "continuous status turned off": the group target stops adding new members.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null only for global templates. */
    orgId: uuid('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /** The coach who owns it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The template an assigned assignment was copied from (assignmentTemplateId). */
    templateId: uuid('template_id').references((): AnyPgColumn => assignments.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    criteria: jsonb('criteria').$type<TAssignmentCriteriaRow>().notNull(),
    isTemplate: boolean('is_template').notNull().default(false),
    isShared: boolean('is_shared').notNull().default(false),
    isGlobal: boolean('is_global').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    deactivated: boolean('deactivated').notNull().default(false),
    /** Manual order from the reorder page; null sorts after the ordered ones. */
    sortOrder: integer('sort_order'),
    /** The assignment's own wordspotting phrases (002 section 5); the list editor is issue 15. */
    wordspotting: jsonb('wordspotting').$type<string[]>().notNull().default([]),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** The due date (issue 41 item 8); null: none. The reminder job finds the ones due soon by it. */
    dueAt: ts('due_at'),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('assignments_group_idx').on(t.groupId),
    index('assignments_org_template_idx').on(t.orgId, t.isTemplate),
    index('assignments_due_idx').on(t.dueAt).where(sql`${t.dueAt} is not null and ${t.isTemplate} = false`),
  ],
);

/**
 * Due-date reminders sent (issue 41 item 8): one per speaker and due date, recorded in the
 * transaction that stores the notice and enqueues the email, so no reminder goes twice; a due date
 * moved later is a new date and reminds again.
 */
export const assignmentReminders = pgTable(
  'assignment_reminders',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueAt: ts('due_at').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.userId, t.dueAt] })],
);

/**
 * Who an assignment is for: a group (continuous: its current and future speakers) or one user
 * (non-continuous). createdDate is myUserTarget.createdDate for the speaker.
 */
export const assignmentTargets = pgTable(
  'assignment_targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('assignment_targets_user_uq').on(t.assignmentId, t.userId),
    uniqueIndex('assignment_targets_group_uq').on(t.assignmentId, t.groupId),
    index('assignment_targets_user_idx').on(t.userId),
    index('assignment_targets_group_idx').on(t.groupId),
    check('assignment_targets_one_kind', sql`(${t.userId} is null) <> (${t.groupId} is null)`),
  ],
);

/** Supporting materials: a link (https) or one of the owner's recordings. */
export const assignmentAttachments = pgTable(
  'assignment_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    attachmentType: text('attachment_type', { enum: ['link', 'recording'] }).notNull(),
    url: text('url'),
    recordingId: uuid('recording_id').references((): AnyPgColumn => recordings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('assignment_attachments_assignment_idx').on(t.assignmentId)],
);

export type TScorecardQuestionRow = {
  id: string;
  label: string;
  description: string;
  order: number;
  preset: boolean;
  hidden: boolean;
};

/** An assignment's custom scorecard (scorecardType 'recording'): one per assignment. */
export const scorecards = pgTable('scorecards', {
  id: uuid('id').primaryKey().defaultRandom(),
  assignmentId: uuid('assignment_id')
    .notNull()
    .unique()
    .references(() => assignments.id, { onDelete: 'cascade' }),
  questions: jsonb('questions').$type<TScorecardQuestionRow[]>().notNull(),
  coachOnly: boolean('coach_only').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * One rater's answers to a scorecard's custom questions on one recording. The preset questions
 * (the four core scores) are stored as score feedback; this holds the rest.
 */
export const scorecardResponses = pgTable(
  'scorecard_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scorecardId: uuid('scorecard_id')
      .notNull()
      .references(() => scorecards.id, { onDelete: 'cascade' }),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    responses: jsonb('responses').$type<{ id: string; response: number }[]>().notNull(),
    isManager: boolean('is_manager').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scorecard_responses_one_uq').on(t.scorecardId, t.recordingId, t.userId),
    index('scorecard_responses_recording_idx').on(t.recordingId),
  ],
);

export const recordings = pgTable(
  'recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    /** Set once by Move to Assignment (irreversible for the speaker). */
    assignmentId: uuid('assignment_id').references(() => assignments.id, { onDelete: 'set null' }),
    /** The practice prompt the take answers (issue 41): its later takes are compared with it. */
    practicePromptId: uuid('practice_prompt_id').references((): AnyPgColumn => practicePrompts.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    fileName: text('file_name'),
    source: text('source'),
    /** URL recordings: the address the server fetches. */
    sourceUrl: text('source_url'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** Clip to keep, in seconds; to = -1 means to the end. */
    trim: jsonb('trim').$type<{ from: number; to: number }>(),
    /** Debug recording options and other form fields kept for the worker. */
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    algorithm: text('algorithm').notNull().default('rostrum-default'),
    duration: real('duration'),
    isVideo: boolean('is_video').notNull().default(false),
    status: text('status', { enum: ['uploading', 'processing', 'done', 'failed'] })
      .notNull()
      .default('uploading'),
    /** Why it failed (FAILED_CODES); responses add the sentence. */
    failedCode: text('failed_code', { enum: FAILED_CODES }),
    playbackPath: text('playback_path'),
    videoPath: text('video_path'),
    peaksPath: text('peaks_path'),
    /** The voice lanes' series (lanes.json), written with each analysis's results. */
    lanesPath: text('lanes_path'),
    numSpeakers: integer('num_speakers').notNull().default(1),
    /** The owner's speaker in a conversation (1-based); null once the owner released the claim. */
    speakerNum: integer('speaker_num').default(1),
    feedbackRequested: boolean('feedback_requested').notNull().default(false),
    feedbackRequestedAt: ts('feedback_requested_at'),
    submitted: boolean('submitted').notNull().default(false),
    submittedAt: ts('submitted_at'),
    results: jsonb('results'),
    overallScore: real('overall_score'),
    /** The wordspotting list its results counted, snapshotted when the analysis started (002 section 2.9). */
    wordspotting: jsonb('wordspotting').$type<TWordspottingUsed>(),
    /** A re-analysis with the current list was asked for; the results stay until the new ones land. */
    reanalysisRequestedAt: ts('reanalysis_requested_at'),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('recordings_user_idx').on(t.userId, t.createdAt),
    index('recordings_group_idx').on(t.groupId, t.createdAt),
    // Assignment progress (lists, dashboards, details) reads recordings by assignment.
    index('recordings_assignment_idx').on(t.assignmentId),
    // The previous take of the same prompt (results page, lists).
    index('recordings_prompt_idx').on(t.userId, t.practicePromptId, t.createdAt).where(sql`${t.practicePromptId} is not null`),
    // The speaker dashboard's peer tally (tallyPeerSharedRecordings) reads the recordings shared
    // with the group in the caller's assignments: from this index alone, not the table's rows.
    index('recordings_shared_by_assignment_idx')
      .on(t.assignmentId, t.userId, t.orgId, t.submitted, t.status)
      .where(sql`${t.feedbackRequested} and ${t.deletedAt} is null`),
    // The review queue (modules/review-queue) reads a coach's groups' recordings that may wait for review.
    index('recordings_review_queue_idx')
      .on(t.groupId)
      .where(sql`${t.deletedAt} is null and ${t.status} = 'done' and (${t.submitted} or ${t.feedbackRequested})`),
  ],
);

/**
 * An organisation's practice prompts (issue 41): seeded from the product's prompts (seed_key names
 * the one it was copied from, so it is never copied twice), then its org admins' to change.
 */
export const practicePrompts = pgTable(
  'practice_prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    seedKey: text('seed_key'),
    category: text('category', { enum: PRACTICE_PROMPT_CATEGORIES }).notNull(),
    title: text('title').notNull(),
    instructions: text('instructions').notNull(),
    suggestedSeconds: integer('suggested_seconds').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('practice_prompts_seed_idx').on(t.orgId, t.seedKey).where(sql`${t.seedKey} is not null`),
    index('practice_prompts_org_idx').on(t.orgId, t.category, t.title),
  ],
);

/**
 * A live capture (issue 19): a browser recording whose bytes upload (tus, upload id = capture id)
 * while it is recorded, and whose speech the worker transcribes window by window as they arrive.
 * POST recordings with its id binds it to the new recording; unbound ones expire with uploads.
 */
export const liveCaptures = pgTable(
  'live_captures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set once by POST recordings; the capture goes with its recording. */
    recordingId: uuid('recording_id').references(() => recordings.id, { onDelete: 'cascade' }),
    /** The upload's last byte arrived (tus finished it). */
    complete: boolean('complete').notNull().default(false),
    /** The audio before this second is transcribed (`words`, `keywordHits`). */
    // Double precision: the next window starts exactly where the last one ended.
    transcribedUntil: doublePrecision('transcribed_until').notNull().default(0),
    words: jsonb('words').$type<unknown[]>().notNull().default([]),
    keywordHits: jsonb('keyword_hits').$type<unknown[]>().notNull().default([]),
    /** The word-spotting phrases listened for, resolved when the capture was created. */
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    /** A worker is transcribing it until then (one recogniser per capture at a time). */
    busyUntil: ts('busy_until'),
    /** The assignment the take was recorded for (POST live-captures), offered with the unsaved take. */
    assignmentId: uuid('assignment_id').references(() => assignments.id, { onDelete: 'set null' }),
    /** Seconds of audio received so far (measured by the live job or when saved); null until measured. */
    receivedSeconds: doublePrecision('received_seconds'),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_captures_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('live_captures_recording_idx').on(t.recordingId),
    // The expiry's scan of unsaved captures.
    index('live_captures_unsaved_idx').on(t.createdAt).where(sql`${t.recordingId} is null`),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    /** The author; null once their account was deleted (kept, shown as from "Former member"). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['comment', 'score'] }).notNull(),
    comment: text('comment'),
    regionStart: real('region_start'),
    regionEnd: real('region_end'),
    scoreOverall: integer('score_overall'),
    scoreOrganization: integer('score_organization'),
    scoreDelivery: integer('score_delivery'),
    scoreXfactor: integer('score_xfactor'),
    /** The author was a coach of the group (or an org admin) when writing it. */
    isManager: boolean('is_manager').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('feedback_recording_idx').on(t.recordingId, t.createdAt),
    // One score set per rater and recording: changing a score is delete, then resubmit.
    uniqueIndex('feedback_one_score_uq').on(t.recordingId, t.userId).where(sql`${t.kind} = 'score'`),
  ],
);

/**
 * Custom wordspotting lists (002 section 2.9): one per scope and recording type. Exactly one of
 * groupId and userId is set for group and user lists, neither for the organisation's list.
 */
export const wordspottingLists = pgTable(
  'wordspotting_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: WORDSPOTTING_SCOPES }).notNull(),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    algorithm: text('algorithm').notNull(),
    words: jsonb('words').$type<string[]>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // One list per scope and recording type; nulls compare equal so the org list is unique too.
    unique('wordspotting_lists_scope_uq').on(t.orgId, t.scope, t.groupId, t.userId, t.algorithm).nullsNotDistinct(),
  ],
);

/**
 * An organisation's plans (002 sections 3 and 9): price in cents, duration in days. Archived
 * plans are no longer offered, but stay for the ledger and for codes already sold.
 */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** ISO 4217, lower-case as payment providers spell it. */
    currency: text('currency').notNull().default('usd'),
    durationDays: integer('duration_days').notNull(),
    recurring: boolean('recurring').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('plans_org_idx').on(t.orgId),
    check('plans_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('plans_duration_positive', sql`${t.durationDays} > 0`),
  ],
);

/**
 * Single-use prepaid codes, made in batches by an org admin for one plan (and optionally one
 * group). Only the SHA-256 of the normalised code is stored: a code carries 100 random bits, far
 * too many to guess or brute-force offline, so a fast unsalted hash is enough (as for api keys).
 * codeSuffix is its last 4 characters, for the masked list (80 unknown bits remain).
 */
export const prepaidCodes = pgTable(
  'prepaid_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id').notNull(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    /** Null: redeemable in any group of the organisation. */
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    codeSuffix: text('code_suffix').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: ts('redeemed_at'),
    redeemedGroupId: uuid('redeemed_group_id').references(() => groups.id, { onDelete: 'set null' }),
    voidedAt: ts('voided_at'),
  },
  (t) => [index('prepaid_codes_org_idx').on(t.orgId, t.createdAt), index('prepaid_codes_batch_idx').on(t.batchId)],
);

/**
 * The ledger: one row per payment or redemption, written in the same transaction as the
 * membership expiry it changed, so access is never granted without a record nor recorded without
 * access. Rows are never updated or deleted by the product; users and groups may go (set null).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['card', 'prepaid'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The payment provider's ids (card payments): its charge or transaction, and the PaymentIntent. */
    providerTransactionId: text('provider_transaction_id'),
    paymentIntentId: text('payment_intent_id').unique(),
    codeId: uuid('code_id')
      .unique()
      .references(() => prepaidCodes.id, { onDelete: 'set null' }),
    expiresBefore: ts('expires_before'),
    expiresAfter: ts('expires_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_org_idx').on(t.orgId, t.createdAt)],
);

/**
 * Payment provider webhook events already applied (Stripe retries deliveries): an event id is
 * inserted in the transaction that applies it, so each event changes access at most once.
 * outcome says what it did (granted, renewed, ended, ignored, or why it could not apply).
 */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  outcome: text('outcome').notNull(),
  processedAt: ts('processed_at').notNull().defaultNow(),
});

/**
 * Card subscriptions of recurring plans (a Stripe Subscription per user, group and plan): each
 * paid invoice after the first extends the membership by the plan's days; endedAt is set when
 * the provider ends it (auto-renew off), after which nothing more is charged.
 */
export const cardSubscriptions = pgTable(
  'card_subscriptions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    customerId: text('customer_id'),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    endedAt: ts('ended_at'),
  },
  (t) => [index('card_subscriptions_user_idx').on(t.userId)],
);

/**
 * Access reminders sent (modules/subscriptions/access-reminders.job.ts): one row per membership and the expiry it
 * warned about, inserted in the transaction that enqueues the email. The key makes a second run,
 * or a second worker, send nothing; a renewal that moves the expiry earns a new reminder.
 */
export const accessReminders = pgTable(
  'access_reminders',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId, t.expiresAt] })],
);

/**
 * Hub sign-ins under way (modules/hub): one row per redirect to the hub, keyed by the hash of
 * its random `state`, bound to the browser that started it (the hash of a random value kept in
 * an httpOnly cookie), with the PKCE verifier, the nonce and where to go after. Taken (deleted)
 * by the first btc/login that presents the state from that browser; ten minutes at most.
 */
export const hubSignInStates = pgTable(
  'hub_sign_in_states',
  {
    stateHash: text('state_hash').primaryKey(),
    bindingHash: text('binding_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    next: text('next'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('hub_sign_in_states_expires_idx').on(t.expiresAt)],
);

/**
 * Which account a partner hub's identity signs in to: the hub's issuer and subject (`sub`), never
 * the email (an email links an identity once, and only as docs/decisions/accounts-and-sign-in.md allows).
 */
export const hubIdentities = pgTable(
  'hub_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('hub_identities_user_idx').on(t.userId)],
);

/**
 * A user's linked Zoom account (the Zoom import, 002 section 2.12): the OAuth tokens, each
 * encrypted with AES-256-GCM under ZOOM_TOKEN_KEY (auth/sealed-secrets.ts), never in clear.
 */
export const zoomConnections = pgTable('zoom_connections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token').notNull(),
  /** When the access token stops working; it is refreshed a minute before. */
  expiresAt: ts('expires_at').notNull(),
  scope: text('scope'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * OAuth states handed out for linking a Zoom account: bound to the user who asked, stored as a
 * hash, used once and only for ten minutes, so a code cannot be replayed or linked to someone else.
 */
export const zoomOauthStates = pgTable(
  'zoom_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('zoom_oauth_states_user_idx').on(t.userId)],
);

/**
 * The notification centre: one row per notice a user is told of (the bell's list), made by the
 * same call that decides the matching email (modules/notifications/announce.ts). Titles and names
 * are kept as they were when it happened, like the email's text.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    actorName: text('actor_name'),
    title: text('title').notNull(),
    detail: text('detail'),
    recordingId: uuid('recording_id').references(() => recordings.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id').references(() => assignments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    readAt: ts('read_at'),
  },
  (t) => [index('notices_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Public share links (issue 20): an owner's read-only link to one recording's results, with an
 * expiry, revocable. Only the SHA-256 of its 256-bit token is kept (auth/keys.ts, as api keys and
 * password resets), so a database read never yields a working link.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    /** Who made it: the recording's owner when it was made. */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('share_links_recording_idx').on(t.recordingId, t.createdAt)],
);

/**
 * The worker registry (jobs/worker-registry.ts): every process that runs jobs, with a heartbeat
 * it refreshes every WORKER_HEARTBEAT_SECONDS. A row whose heartbeat is older than
 * WORKER_GONE_SECONDS is a worker that is gone (killed, machine lost).
 */
export const jobWorkers = pgTable('job_workers', {
  id: uuid('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  heartbeatAt: ts('heartbeat_at').notNull().defaultNow(),
});

/**
 * Which worker runs which pg-boss job (pgboss.job.id), and which try of it (its retry_count when
 * taken): a gone worker's active jobs are handed back for retry, a live worker's never.
 */
export const jobOwners = pgTable(
  'job_owners',
  {
    jobId: uuid('job_id').primaryKey(),
    workerId: uuid('worker_id').notNull(),
    retryCount: integer('retry_count').notNull(),
    takenAt: ts('taken_at').notNull().defaultNow(),
  },
  (t) => [index('job_owners_worker_idx').on(t.workerId)],
);

// ---- LTI 1.3 Advantage, as a tool (issue 42; modules/lti, docs/decisions/lti.md).

/**
 * A learning platform (Canvas, Moodle) an org admin registered: its issuer and the client id it
 * gave the tool, the deployment ids launches may carry, and its OIDC, token and JWKS addresses.
 */
export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    deploymentIds: text('deployment_ids').array().notNull().default(sql`'{}'::text[]`),
    authorizationUrl: text('authorization_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    jwksUrl: text('jwks_url').notNull(),
    /** The LMS's Administrator role makes an org admin here only when this is on. */
    adminRoleGrantsOrgAdmin: boolean('admin_role_grants_org_admin').notNull().default(false),
    /** Scores go to the gradebook as Pending (drafts the instructor publishes), not FullyGraded (0033). */
    gradesAsDrafts: boolean('grades_as_drafts').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('lti_platforms_issuer_client_unique').on(t.issuer, t.clientId), index('lti_platforms_org_idx').on(t.orgId)],
);

/** The tool's RS256 signing keys of an organisation: the private key sealed (lti-key-cipher.ts), the public one as a JWK. */
export const ltiToolKeys = pgTable(
  'lti_tool_keys',
  {
    /** The JWK's `kid`. */
    kid: text('kid').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    privateKeySealed: text('private_key_sealed').notNull(),
    createdAt: createdAt(),
    /** Set when a newer key replaced it; it stays in the JWKS for the grace period after. */
    retiredAt: ts('retired_at'),
  },
  (t) => [index('lti_tool_keys_org_idx').on(t.orgId, t.createdAt)],
);

/** A started OIDC login: state (hash) and nonce, bound to the browser by a cookie's hash; 10 minutes, used once. */
export const ltiLaunchStates = pgTable(
  'lti_launch_states',
  {
    stateHash: text('state_hash').primaryKey(),
    bindingHash: text('binding_hash').notNull(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    targetLinkUri: text('target_link_uri').notNull(),
    /** The login's parameters, for the "open in a new tab" link when the browser blocked the cookie. */
    loginParams: jsonb('login_params').$type<Record<string, string>>().notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lti_launch_states_expires_idx').on(t.expiresAt)],
);

/** Nonces of id_tokens already accepted, kept until the token would have expired: a replay is refused. */
export const ltiUsedNonces = pgTable(
  'lti_used_nonces',
  {
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.nonce] }), index('lti_used_nonces_expires_idx').on(t.expiresAt)],
);

/** Which account a platform's user (issuer, `sub`) signs in to. */
export const ltiIdentities = pgTable(
  'lti_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastLaunchAt: ts('last_launch_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('lti_identities_user_idx').on(t.userId)],
);

/** A course (LTI context) of a platform and the group (class) it maps to, with its AGS and NRPS addresses. */
export const ltiContexts = pgTable(
  'lti_contexts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    deploymentId: text('deployment_id').notNull(),
    contextId: text('context_id').notNull(),
    title: text('title'),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** AGS: the context's line items address and the scopes the platform granted. */
    lineItemsUrl: text('line_items_url'),
    agsScopes: text('ags_scopes').array().notNull().default(sql`'{}'::text[]`),
    /** NRPS: the context's memberships address. */
    membershipsUrl: text('memberships_url'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('lti_contexts_platform_context_unique').on(t.platformId, t.deploymentId, t.contextId),
    index('lti_contexts_group_idx').on(t.groupId),
  ],
);

/** A resource link (a placement in a course) and the assignment it opens. */
export const ltiResourceLinks = pgTable(
  'lti_resource_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contextId: uuid('context_id')
      .notNull()
      .references(() => ltiContexts.id, { onDelete: 'cascade' }),
    resourceLinkId: text('resource_link_id').notNull(),
    assignmentId: uuid('assignment_id').references(() => assignments.id, { onDelete: 'set null' }),
    title: text('title'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('lti_resource_links_context_link_unique').on(t.contextId, t.resourceLinkId),
    index('lti_resource_links_assignment_idx').on(t.assignmentId),
  ],
);

/** An AGS line item (a gradebook column) of a resource link, where scores go (item 4 of issue 42). */
export const ltiLineItems = pgTable(
  'lti_line_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resourceLinkId: uuid('resource_link_id')
      .notNull()
      .references(() => ltiResourceLinks.id, { onDelete: 'cascade' }),
    lineItemUrl: text('line_item_url').notNull(),
    scoreMaximum: doublePrecision('score_maximum'),
    createdAt: createdAt(),
  },
  (t) => [unique('lti_line_items_link_url_unique').on(t.resourceLinkId, t.lineItemUrl)],
);

/** A Deep Linking request under way: the coach's pick page posts its token back; 30 minutes, used once. */
export const ltiDeepLinkSessions = pgTable(
  'lti_deep_link_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    deploymentId: text('deployment_id').notNull(),
    returnUrl: text('return_url').notNull(),
    /** deep_linking_settings.data, echoed back as the spec requires. */
    data: text('data'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lti_deep_link_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Export my data (issue 42 item 7; modules/data-export): one row per export a person asked for.
 * At most one queued or building per person (the partial unique index). The zip lives in the
 * media storage under data-exports/ (storageKey) until expiresAt, then the row is marked expired.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** DATA_EXPORT_STATES of the contract. */
    state: text('state', { enum: ['queued', 'building', 'ready', 'failed', 'expired'] })
      .notNull()
      .default('queued'),
    /** Recordings packed so far, of all of them, while building. */
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    startedAt: ts('started_at'),
    readyAt: ts('ready_at'),
    expiresAt: ts('expires_at'),
    failedAt: ts('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('data_exports_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('data_exports_one_running_uq').on(t.userId).where(sql`${t.state} in ('queued', 'building')`),
    index('data_exports_expires_idx').on(t.expiresAt).where(sql`${t.state} = 'ready'`),
  ],
);

/**
 * The audit trail of what must stay known without the person (issue 42 item 8): one row per
 * account deletion, with no name, email or id of whom it was (a random id, the organisation, who
 * did it: the person or an admin, and the admin's id only while that admin exists), and counts.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['account.deleted'] }).notNull(),
    actorKind: text('actor_kind', { enum: ['self', 'admin'] }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [index('audit_events_org_idx').on(t.orgId, t.occurredAt)],
);

/**
 * Retention notices sent (issue 42 item 9): one per recording, inserted in the transaction that
 * stores the owner's notice and enqueues the email, so a second run or worker sends none. It goes
 * with its recording.
 */
export const retentionNotices = pgTable('retention_notices', {
  recordingId: uuid('recording_id')
    .primaryKey()
    .references(() => recordings.id, { onDelete: 'cascade' }),
  removeAfter: ts('remove_after').notNull(),
  sentAt: ts('sent_at').notNull().defaultNow(),
});

/**
 * A grade posted (or to post) to an LTI line item (issue 42 item 4, migration 0033): one row per
 * recording and line item, its state as the post-lti-grade job leaves it.
 */
export const ltiGradePosts = pgTable(
  'lti_grade_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceLinkId: uuid('resource_link_id')
      .notNull()
      .references(() => ltiResourceLinks.id, { onDelete: 'cascade' }),
    /** The line item the score went to; null until the job found or created it. */
    lineItemId: uuid('line_item_id').references(() => ltiLineItems.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('lti_grade_posts_recording_idx').on(t.recordingId),
    index('lti_grade_posts_assignment_user_idx').on(t.assignmentId, t.userId),
  ],
);
