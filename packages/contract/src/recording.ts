import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { ZResultsSchema, ZTranscriptItemSchema } from './results.js';
import { ZRecordingAssignmentSchema } from './assignment.js';
import { INTAKE_MSG } from './intake.js';
import { ZRecordingWordspottingSchema } from './wordspotting-lists.js';

// The Recording entity as listed (001 section 3). Intake, playback and results join it with
// their features; this is the shape the lists use.

/**
 * What the caller may do with a recording, decided by the server (apps/server/src/auth/policies.ts
 * recordingAbilities): the web renders these and compares no privacy levels itself.
 */
export const ZRecordingAbilitiesSchema = z.object({
  canHear: z.boolean(),
  /** Share with the entire group (feedbackRequested). */
  canShare: z.boolean(),
  /** Flag for coach review (submitted). */
  canFlag: z.boolean(),
  /** The results page's Flag for Review: canFlag while the recording is not shared (001 section 6). */
  canFlagOnResults: z.boolean(),
  /** The manage page's Submit to coach: canFlag where the group's coach privacy is above 1 (002 section 2.5). */
  canSubmitToCoach: z.boolean(),
  /** Move to Assignment (001 section 4): the owner, with Assignments on, while it has no assignment. */
  canSubmit: z.boolean(),
  canRename: z.boolean(),
  canDelete: z.boolean(),
  canComment: z.boolean(),
  canScore: z.boolean(),
  /** Download the transcript, results, CSV and PDF: whoever may hear it, once it has results. */
  canExport: z.boolean(),
  /** Create, list and revoke public share links: the owner, with the organisation's Public_Share_Links on, once it has results. */
  canShareLink: z.boolean(),
});
export type TRecordingAbilities = z.infer<typeof ZRecordingAbilitiesSchema>;

/**
 * Why a recording failed. The server stores the code; responses carry the code (`failedCode`, for
 * programs and the web app to branch on) and its sentence (`failedReason`, the Recording entity's
 * field in spec 001 section 3). The results page words each code (spec 001 section 8).
 */
export const FAILED_CODES = [
  'noSpeech',
  'noData',
  'tooShort',
  'unprocessable',
  'tooLong',
  'cancelled',
  'transcriptionUnavailable',
  'invalidFileType',
  'fileTooLarge',
  'urlBlocked',
  'urlFetchFailed',
] as const;
export const ZFailedCodeSchema = z.enum(FAILED_CODES);
export type TFailedCode = z.infer<typeof ZFailedCodeSchema>;

export const ZRecordingSummarySchema = z.object({
  recordingId: z.uuid(),
  userId: z.uuid(),
  groupId: z.guid().nullable(),
  groupName: z.string().nullable(),
  title: z.string(),
  createdDate: z.iso.datetime(),
  fileName: z.string().nullable(),
  duration: z.number().nullable(),
  isVideo: z.boolean(),
  uploading: z.boolean(),
  processing: z.boolean(),
  failed: z.boolean(),
  /** Why it failed, as a code (FAILED_CODES); null unless failed. */
  failedCode: ZFailedCodeSchema.nullable(),
  /** The code's sentence (FAILED_REASONS). */
  failedReason: z.string().nullable(),
  feedbackRequested: z.boolean(),
  submitted: z.boolean(),
  numSpeakers: z.number().int().min(1).max(5),
  /** The assignment it is in (the record page numbers default titles per assignment). */
  assignmentId: z.guid().nullable(),
  /** The practice prompt the take answers (GET practice-prompts); null for any other take. */
  practicePromptId: z.guid().nullable(),
  userFirstName: z.string(),
  userLastName: z.string(),
  overallScore: z.number().nullable(),
  abilities: ZRecordingAbilitiesSchema,
});
export type TRecordingSummary = z.infer<typeof ZRecordingSummarySchema>;

/** The sentence of each failure code. */
export const FAILED_REASONS = {
  noSpeech: 'No speech detected for 30s.',
  noData: 'Recording contains no data.',
  tooShort: 'Recording is too short.',
  unprocessable: 'Recording could not be processed. Do not retry.',
  tooLong: 'Recording is longer than 15 minutes.',
  cancelled: 'Analysis was cancelled.',
  transcriptionUnavailable: 'Transcription service unavailable. Retry later.',
  invalidFileType: INTAKE_MSG.invalidFileType,
  fileTooLarge: INTAKE_MSG.tooLarge,
  urlBlocked: INTAKE_MSG.urlBlocked,
  urlFetchFailed: INTAKE_MSG.urlFetchFailed,
} as const satisfies Record<TFailedCode, string>;

export const RECORDING_SOURCES = ['ui record form', 'ui upload form', 'ui url form', 'zoom form'] as const;
export const ZRecordingSourceSchema = z.enum(RECORDING_SOURCES);

export const ZRecordingTitleSchema = z.string().trim().min(1, 'Title is required').max(50, 'Title must be at most 50 characters');

export const DEBUG_LANGUAGES = ['en-US', 'es-ES', 'en-AU', 'en-GB', 'de-DE', 'pt-BR', 'zh-CN', 'fr-FR', 'fr-CA', 'ja-JP', 'ko-KR'] as const;
export const DEBUG_OPERATIONS = ['transcription,vv_analysis', 'transcription'] as const;
export const DEBUG_ORG_GROUPS = ['default', 'customIdeals', 'clearSlide'] as const;

const ZJsonText = z.string().max(20_000).optional();

/**
 * POST recordings: the record, upload and URL forms (001 section 3, upload payload). A file
 * upload or a recording is sent afterwards to the returned uploadUrl with the tus protocol;
 * a URL is fetched by the server.
 */
export const ZCreateRecordingBodySchema = z
  .object({
    title: ZRecordingTitleSchema,
    source: ZRecordingSourceSchema,
    groupId: ZIdSchema.optional(),
    /**
     * Record or upload into an assignment (001 section 4): the server checks it is open and for
     * the caller and that the speaker type matches; the recording joins it and its group.
     * Absent: a private recording.
     */
    assignmentId: ZIdSchema.optional(),
    /**
     * The practice prompt the take answers (one of the organisation's, shown to speakers). Not
     * with an assignment: an assignment brings its own instructions.
     */
    practicePromptId: ZIdSchema.optional(),
    /**
     * A live capture of the caller (POST live-captures) whose bytes are, or are being, uploaded:
     * the recording takes them instead of an upload of its own (no uploadUrl in the answer).
     */
    captureId: ZIdSchema.optional(),
    submitted: z.boolean().default(false),
    feedbackRequested: z.boolean().default(false),
    /** An algorithm name of the organisation (its name holds 'default' or 'conversational'). */
    algorithm: z.string().max(100).optional(),
    /** URL form only: the http(s) address of the audio or video. */
    audio: z.string().max(2000).optional(),
    fileName: z.string().max(255).optional(),
    fileSize: z.number().int().min(1).optional(),
    trim: z.object({ from: z.number().min(0).max(7189), to: z.number().min(-1).max(7199) }).optional(),
    isVideo: z.boolean().optional(),
    language: z.enum(DEBUG_LANGUAGES).optional(),
    orgGroup: z.enum(DEBUG_ORG_GROUPS).optional(),
    operations: z.enum(DEBUG_OPERATIONS).optional(),
    transcriptionWebhook: z.string().max(2000).optional(),
    vvAnalysisWebhook: z.string().max(2000).optional(),
    videoTrimmingWebhook: z.string().max(2000).optional(),
    diarization: ZJsonText,
    transcription: ZJsonText,
    wordspotting: ZJsonText,
    metadata: ZJsonText,
  })
  .strict();
export type TCreateRecordingBody = z.input<typeof ZCreateRecordingBodySchema>;

export const ZCreateRecordingResponseSchema = z.object({
  recordingId: z.uuid(),
  /** tus endpoint for the file (null for URL recordings and for live captures). */
  uploadUrl: z.string().nullable(),
});

export const ZUpdateRecordingBodySchema = z
  .object({
    title: ZRecordingTitleSchema.optional(),
    feedbackRequested: z.boolean().optional(),
    submitted: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type TUpdateRecordingBody = z.infer<typeof ZUpdateRecordingBodySchema>;

/** Claim a speaker of a conversation (1 to 5), or release the claim with null (001 section 6). */
export const ZSetSpeakerBodySchema = z.object({ speakerNum: z.number().int().min(1).max(5).nullable() }).strict();

export const ZRecordingStateSchema = z.enum(['uploading', 'extracting', 'computing', 'done', 'failed']);
export type TRecordingState = z.infer<typeof ZRecordingStateSchema>;

/** A recording with its media and, with expand, its results (GET recordings/{id}). */
export const ZRecordingSchema = ZRecordingSummarySchema.extend({
  state: ZRecordingStateSchema,
  source: z.string().nullable(),
  algorithm: z.string(),
  /** The owner's speaker in a conversation, 1-based; null once the owner released their claim. */
  speakerNum: z.number().int().min(1).max(5).nullable(),
  playbackUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  peaksUrl: z.string().nullable(),
  /** The voice lanes (ZLanesSchema) of an analysed recording; null before, or for an analysis older than the lanes. */
  lanesUrl: z.string().nullable(),
  assignmentId: z.guid().nullable(),
  assignment: ZRecordingAssignmentSchema.nullable(),
  /** What the caller may do: hear (media and results) and change (owner's actions). */
  access: z.object({ canHear: z.boolean(), isOwner: z.boolean() }),
  /** Always false: a deleted recording is not served (404), so nothing served is deleted. */
  deleted: z.boolean(),
  /** The results' diarizedTranscript (the owner's speakerNum applied), empty unless the caller may hear it. */
  diarizedTranscript: z.array(ZTranscriptItemSchema),
  results: ZResultsSchema.nullable(),
  /** The word list its results counted, and re-analysis with the current one (002 section 2.9). */
  wordspotting: ZRecordingWordspottingSchema,
});
export type TRecording = z.infer<typeof ZRecordingSchema>;

export const ZRecordingListQuerySchema = z.object({
  groupId: ZIdSchema.optional(),
  q: z.string().trim().max(100).optional(),
});
