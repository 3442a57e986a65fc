import { z } from 'zod';
import {
  nextTakeTitle,
  isConversationalAlgorithm,
  takeBaseTitle,
  takeTitle,
  takeVersion,
  titleFamily,
  type TRecordingSummary,
  ZCreateRecordingBodySchema,
  ZSaveUnsavedTakeBodySchema,
  type TCreateRecordingBody,
  type TSaveUnsavedTakeBody,
  type TGroup,
  type TOrg,
  type TPracticePrompt,
  type TTrim,
} from '@rostrum/contract';

// The record page's shared choices (spec 001 section 2): which groups, speaker counts and
// sharing options a user is offered, and how the chosen options become the POST recordings body.

const create = ZCreateRecordingBodySchema.shape;
/** A debug select: '' is "Default" (nothing sent), else one of the values POST recordings takes. */
const orDefault = <T extends z.ZodType>(values: T) => z.union([z.literal(''), values]);

/**
 * The debug options as their inputs hold them. Nothing here is refused: an empty webhook and an
 * empty or invalid JSON field are left out of the body (buildCreateBody).
 */
const ZDebugOptionsSchema = z.object({
  language: orDefault(create.language.unwrap()),
  orgGroup: orDefault(create.orgGroup.unwrap()),
  operations: orDefault(create.operations.unwrap()),
  transcriptionWebhook: z.string(),
  vvAnalysisWebhook: z.string(),
  videoTrimmingWebhook: z.string(),
  diarization: z.string(),
  transcription: z.string(),
  wordspotting: z.string(),
  metadata: z.string(),
});
export type TDebugOptions = z.input<typeof ZDebugOptionsSchema>;

/**
 * The options form (record, upload, URL and Zoom forms): the title is checked by POST recordings'
 * own rule (ZRecordingTitleSchema: "Title is required", at most 50); the other fields are the
 * choices the body is built from (buildCreateBody), which are always valid.
 */
export const ZIntakeOptionsSchema = ZCreateRecordingBodySchema.pick({ title: true }).extend({
  /** The title is the assignment's default (not typed by the user): it follows the assignment choice. */
  titleIsDefault: z.boolean(),
  /** The assignment the recording goes into; '' is Private (no assignment is sent). */
  assignmentId: z.string(),
  /** The assignment last chosen: Assignment after Private returns to it. */
  lastAssignmentId: z.string(),
  /** The practice prompt the take answers ('' none); sent only while no assignment is chosen. */
  practicePromptId: z.string(),
  groupId: z.string(),
  multiSpeaker: z.boolean(),
  feedbackRequested: create.feedbackRequested.unwrap(),
  submitted: create.submitted.unwrap(),
  debug: ZDebugOptionsSchema,
});
export type TIntakeOptions = z.input<typeof ZIntakeOptionsSchema>;

export const EMPTY_DEBUG: TDebugOptions = {
  language: '',
  orgGroup: '',
  operations: '',
  transcriptionWebhook: '',
  vvAnalysisWebhook: '',
  videoTrimmingWebhook: '',
  diarization: '',
  transcription: '',
  wordspotting: '',
  metadata: '',
};

/** Groups the user may record into: active speaker memberships, newest first (the first is the default). */
export function speakerGroups(groups: readonly TGroup[]): TGroup[] {
  return groups.filter((g) => g.abilities.canRecord).sort((a, b) => Date.parse(b.createdDate) - Date.parse(a.createdDate));
}

/** The org's algorithm for one speaker ('default' in its name) and for several ('conversational'). */
export function algorithmsOf(org: Pick<TOrg, 'algorithmConfig'>): { single: string | undefined; multi: string | undefined } {
  const names = org.algorithmConfig.algorithms.map((a) => a.name);
  return {
    single: names.find((n) => n.includes('default')) ?? org.algorithmConfig.default_algorithm,
    multi: names.find((n) => n.includes('conversational')),
  };
}

/** 'Share with entire group' shows when the server says a new recording in the group may be shared. */
export function canOfferShare(group: TGroup | undefined): boolean {
  return !!group && group.recordingAbilities.canShare;
}

/** 'Flag for coach review' shows when the server says a new recording in the group may be flagged. */
export function canOfferFlag(group: TGroup | undefined): boolean {
  return !!group && group.recordingAbilities.canFlag;
}

/** What the record page reads of an assignment (GET assignments?scope=assigned). */
export interface TIntakeAssignment {
  assignmentId: string;
  name: string;
  groupId: string | null;
  groupName: string | null;
  criteria: { algorithm: string };
  abilities: { canSubmit: boolean };
  /** The due date, shown in the organisation's time zone, and whether the caller is past it (issue 41 item 8). */
  dueAt?: string | null;
  overdue?: boolean;
}

/**
 * What the record page loads first (001 section 2): with Assignments on, the caller's open
 * assignments; with them on or a practice prompt asked for, the caller's own recordings (the
 * default title numbers them).
 */
export interface TIntakeData {
  assignments: readonly TIntakeAssignment[];
  recordings: readonly Pick<TRecordingSummary, 'title' | 'assignmentId' | 'practicePromptId'>[];
  /** ?assignmentId= of the page's address. */
  preselectId: string | null;
  /** The practice prompt of ?promptId=, when the organisation offers it. */
  prompt: TPracticePrompt | null;
  /** The caller's recording of ?again= ("Record another take" of a take of neither). */
  again: Pick<TRecordingSummary, 'title' | 'numSpeakers'> | null;
}

export const NO_INTAKE_DATA: TIntakeData = { assignments: [], recordings: [], preselectId: null, prompt: null, again: null };

/** The default title in an assignment: its name and the next unused ' - v' number among the caller's titles in it. */
export function defaultTitleFor(a: Pick<TIntakeAssignment, 'assignmentId' | 'name'>, recordings: TIntakeData['recordings']): string {
  const used = recordings.filter((r) => r.assignmentId === a.assignmentId).map((r) => r.title);
  return nextTakeTitle(a.name, used);
}

/** The default title of a take of a practice prompt: its title and the next unused ' - v' number among the caller's takes of it. */
export function promptTitleFor(p: Pick<TPracticePrompt, 'promptId' | 'title'>, recordings: TIntakeData['recordings']): string {
  const used = recordings.filter((r) => r.practicePromptId === p.promptId).map((r) => r.title);
  return nextTakeTitle(p.title, used);
}

/**
 * Another take of a recording: its title without the version, with the first version none of the
 * caller's takes of that title carries ("Talk" is version 1, so its next take is "Talk - v2").
 */
export function againTitleFor(again: Pick<TRecordingSummary, 'title'>, recordings: TIntakeData['recordings']): string {
  const family = titleFamily(again.title);
  const used = new Set(recordings.filter((r) => titleFamily(r.title) === family).map((r) => takeVersion(r.title)));
  let n = 1;
  while (used.has(n)) n++;
  return takeTitle(takeBaseTitle(again.title), n);
}

/** Whether the assignment takes multi-speaker recordings. */
export function assignmentIsMulti(a: Pick<TIntakeAssignment, 'criteria'>): boolean {
  return isConversationalAlgorithm(a.criteria.algorithm);
}

/**
 * Choosing an assignment: the title follows it (unless the user typed one) and the speaker count
 * becomes the assignment's. Private (null) clears a default title, or returns to the practice
 * prompt's when the take answers one.
 */
export function chooseAssignment(
  o: TIntakeOptions,
  a: TIntakeAssignment | null,
  recordings: TIntakeData['recordings'],
  prompt: TIntakeData['prompt'] = null,
): TIntakeOptions {
  const followTitle = o.titleIsDefault || !o.title.trim();
  if (!a) {
    if (!o.titleIsDefault) return { ...o, assignmentId: '' };
    return { ...o, assignmentId: '', ...(prompt ? { title: promptTitleFor(prompt, recordings) } : { title: '', titleIsDefault: false }) };
  }
  return {
    ...o,
    assignmentId: a.assignmentId,
    lastAssignmentId: a.assignmentId,
    groupId: a.groupId ?? o.groupId,
    multiSpeaker: assignmentIsMulti(a),
    ...(followTitle ? { title: defaultTitleFor(a, recordings), titleIsDefault: true } : {}),
  };
}

/** The assignment the Assignment choice returns to: the one last chosen while still offered, else the first (newest). */
export function assignmentToResume<T extends Pick<TIntakeAssignment, 'assignmentId'>>(
  o: Pick<TIntakeOptions, 'lastAssignmentId'>,
  assignments: readonly T[],
): T | null {
  return assignments.find((a) => a.assignmentId === o.lastAssignmentId) ?? assignments[0] ?? null;
}

export function initialOptions(groups: readonly TGroup[], data: TIntakeData = NO_INTAKE_DATA): TIntakeOptions {
  const base: TIntakeOptions = {
    title: '',
    titleIsDefault: false,
    assignmentId: '',
    lastAssignmentId: '',
    practicePromptId: data.prompt?.promptId ?? '',
    groupId: groups[0]?.groupId ?? '',
    multiSpeaker: false,
    feedbackRequested: false,
    submitted: false,
    debug: EMPTY_DEBUG,
  };
  const pre = data.preselectId ? data.assignments.find((a) => a.assignmentId === data.preselectId && a.abilities.canSubmit) : undefined;
  if (pre) return chooseAssignment(base, pre, data.recordings);
  if (data.prompt) return { ...base, title: promptTitleFor(data.prompt, data.recordings), titleIsDefault: true };
  if (data.again) {
    return { ...base, title: againTitleFor(data.again, data.recordings), titleIsDefault: true, multiSpeaker: data.again.numSpeakers > 1 };
  }
  return base;
}

/** The results page after saving: it leads back to the assignment when the recording went into one. */
export function resultsPath(recordingId: string, assignmentId: string | undefined): string {
  return `/evaluate/${recordingId}${assignmentId ? `?assignmentId=${encodeURIComponent(assignmentId)}` : ''}`;
}

function jsonOrUndefined(text: string): string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  try {
    JSON.parse(t);
    return t;
  } catch {
    return undefined;
  }
}

function textOrUndefined(text: string): string | undefined {
  const t = text.trim();
  return t ? t : undefined;
}

export interface TBodyContext {
  org: Pick<TOrg, 'algorithmConfig' | 'settings'>;
  groups: readonly TGroup[];
  /** The chosen assignment (it decides the group), if any. */
  assignment?: TIntakeAssignment;
  showShare: boolean;
  showFlag: boolean;
}

/** POST recordings body from the form; debug fields only when the org shows them, JSON fields only when they parse. */
export function buildCreateBody(
  o: TIntakeOptions,
  ctx: TBodyContext,
  extra: Pick<TCreateRecordingBody, 'source'> & Partial<Pick<TCreateRecordingBody, 'audio' | 'fileName' | 'fileSize' | 'trim' | 'isVideo'>>,
): TCreateRecordingBody {
  const alg = algorithmsOf(ctx.org);
  const algorithm = o.multiSpeaker && alg.multi ? alg.multi : alg.single;
  const body: TCreateRecordingBody = {
    title: o.title.trim(),
    ...extra,
    ...(ctx.assignment
      ? { assignmentId: ctx.assignment.assignmentId, ...(ctx.assignment.groupId ? { groupId: ctx.assignment.groupId } : {}) }
      : o.groupId
        ? { groupId: o.groupId }
        : {}),
    // A take answers an assignment or a practice prompt, not both.
    ...(!ctx.assignment && o.practicePromptId ? { practicePromptId: o.practicePromptId } : {}),
    ...(algorithm ? { algorithm } : {}),
    feedbackRequested: ctx.showShare && o.feedbackRequested,
    submitted: ctx.showFlag && o.submitted,
  };
  if (ctx.org.settings.Debug_Recording_Options) {
    const d = o.debug;
    Object.assign(body, {
      ...(d.language ? { language: d.language } : {}),
      ...(d.orgGroup ? { orgGroup: d.orgGroup } : {}),
      ...(d.operations ? { operations: d.operations } : {}),
      transcriptionWebhook: textOrUndefined(d.transcriptionWebhook),
      vvAnalysisWebhook: textOrUndefined(d.vvAnalysisWebhook),
      videoTrimmingWebhook: textOrUndefined(d.videoTrimmingWebhook),
      diarization: jsonOrUndefined(d.diarization),
      transcription: jsonOrUndefined(d.transcription),
      wordspotting: jsonOrUndefined(d.wordspotting),
      metadata: jsonOrUndefined(d.metadata),
    });
    for (const k of Object.keys(body) as (keyof TCreateRecordingBody)[]) if (body[k] === undefined) delete body[k];
  }
  return body;
}

const SAVE_TAKE_FIELDS: ReadonlySet<string> = new Set(ZSaveUnsavedTakeBodySchema.keyof().options);

/**
 * POST live-captures/{id}/recording body from the POST recordings one: the bytes are the
 * capture's, so only the form's own fields go (ZSaveUnsavedTakeBodySchema: no source, file or trim).
 */
export function saveTakeBody(body: TCreateRecordingBody): TSaveUnsavedTakeBody {
  return Object.fromEntries(Object.entries(body).filter(([k]) => SAVE_TAKE_FIELDS.has(k))) as TSaveUnsavedTakeBody;
}

/** A trim worth sending: anything other than the default whole file (0 to -1). */
export function trimOrUndefined(trim: TTrim | null): TTrim | undefined {
  if (!trim) return undefined;
  return trim.from > 0 || trim.to >= 0 ? trim : undefined;
}
