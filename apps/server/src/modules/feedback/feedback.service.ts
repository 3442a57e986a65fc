import {
  ERROR_CODES,
  roundAverage,
  type TCreateFeedbackBody,
  type TFeedback,
  type TRecordingFeedback,
  type TScorecard,
  type TUpdateFeedbackBody,
  visibleQuestions,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import {
  allRatersVisible,
  canCommentOn,
  canScore,
  feedbackVisible,
  isCoachOf,
  recordingAccess,
  scorecardAllowsScoring,
  scorecardVisibleTo,
  scoreSetVisible,
  type TRecordingAccess,
} from '../../auth/policies.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { isMembershipActiveNow } from '../../auth/membership-active.js';
import { findRecordingAccessContextWithAssignment } from '../recordings/index.js';
import { findMembership, findOrgGroup } from '../memberships/index.js';
import {
  assignmentsWithCoachOnlyScorecard,
  deleteFeedbackRow,
  deleteScorecardAnswersOf,
  findAuthor,
  findFeedback,
  insertFeedback,
  listFeedbackWithAuthors,
  listRecordingFeedbackWithAuthors,
  listLiveGroupRecordings,
  listScorecardAnswers,
  type TFeedbackRow,
  updateFeedbackComment,
} from './feedback.repository.js';
import { announce } from '../notifications/index.js';
import { feedbackReceivedMail } from './feedback-mail.js';
import { presentAssignmentRef } from '../assignments/index.js';
import { queueLtiGrade } from '../lti/index.js';

type TResponses = TFeedback['responses'];

function present(row: TFeedbackRow, name: string, callerId: string, answers?: { id: string; responses: TResponses }): TFeedback {
  return {
    feedbackId: row.id,
    recordingId: row.recordingId,
    groupId: row.groupId,
    userId: row.userId,
    name,
    isManager: row.isManager,
    kind: row.kind,
    comment: row.comment,
    createdDate: row.createdAt.toISOString(),
    regionStart: row.regionStart,
    regionEnd: row.regionEnd,
    scoreOverall: row.scoreOverall,
    scoreOrganization: row.scoreOrganization,
    scoreDelivery: row.scoreDelivery,
    scoreXfactor: row.scoreXfactor,
    isMine: row.userId === callerId,
    responses: row.kind === 'score' ? (answers?.responses ?? []) : [],
    responseId: row.kind === 'score' ? (answers?.id ?? null) : null,
  };
}

/**
 * The caller's standing on a recording: access, coach or not, the group's speaker level and
 * the custom scorecard of its assignment (null without one).
 */
export async function recordingContext(deps: TDeps, auth: TAuth, recordingId: string) {
  // The assignment comes in the same statement, as findAssignmentInOrg would read it.
  const row = await findRecordingAccessContextWithAssignment(deps.db, recordingId, auth);
  if (!row) throw notFound();
  const access = recordingAccess(auth, row.r, row.group, row.membership);
  if (access === 'none') throw notFound();
  const isCoach = isCoachOf(auth, row.membership);
  const assignment = row.assignment;
  const scorecard: TScorecard | null = assignment ? presentAssignmentRef(assignment).scorecard : null;
  return { row, access, isCoach, speakerLevel: row.group ? row.group.speakerPrivacyLevel : null, scorecard };
}

export type TRecordingContext = Awaited<ReturnType<typeof recordingContext>>;

/** May add a score: canScore, and with a coach-only scorecard only the recording's coach. */
export function mayScore(ctx: TRecordingContext): boolean {
  return canScore(ctx.access, ctx.speakerLevel) && scorecardAllowsScoring(!!ctx.scorecard?.coachOnlyScorecard, ctx.isCoach);
}

/** Coach-only scorecards hide peer ratings (001 section 6): only coaches' score sets and your own show. */
function scoreVisibleUnderScorecard(
  ctx: TRecordingContext,
  callerId: string,
  f: Pick<TFeedbackRow, 'kind' | 'isManager' | 'userId'>,
): boolean {
  return scoreSetVisible(!!ctx.scorecard?.coachOnlyScorecard, callerId, f);
}

function averageOf(scores: { value: number | null; isManager: boolean }[]) {
  const all = scores.map((s) => s.value).filter((v): v is number => v !== null);
  const coach = scores
    .filter((s) => s.isManager)
    .map((s) => s.value)
    .filter((v): v is number => v !== null);
  return { average: roundAverage(all), count: all.length, coachAverage: roundAverage(coach), coachCount: coach.length };
}

const SCORE_KEYS = ['scoreOverall', 'scoreOrganization', 'scoreDelivery', 'scoreXfactor'] as const;

export async function listFeedback(deps: TDeps, auth: TAuth, recordingId: string): Promise<TRecordingFeedback> {
  const ctx = await recordingContext(deps, auth, recordingId);
  const rows = await listRecordingFeedbackWithAuthors(deps.db, recordingId);
  const visible = rows.filter(
    ({ f }) =>
      feedbackVisible(auth.userId, ctx.access, ctx.isCoach, ctx.speakerLevel ?? 0, f) && scoreVisibleUnderScorecard(ctx, auth.userId, f),
  );
  const scores = visible.filter(({ f }) => f.kind === 'score').map(({ f }) => f);
  const averages = Object.fromEntries(
    SCORE_KEYS.map((k) => [k, averageOf(scores.map((s) => ({ value: s[k], isManager: s.isManager })))]),
  ) as TRecordingFeedback['averages'];
  const answers = await scorecardAnswers(deps, recordingId, ctx.scorecard);
  const questionAverages = Object.fromEntries(
    (ctx.scorecard ? visibleQuestions(ctx.scorecard).filter((q) => !q.preset) : []).map((q) => [
      q.id,
      averageOf(
        scores.map((s) => ({
          value: (s.userId ? answers.get(s.userId) : undefined)?.responses.find((r) => r.id === q.id)?.response ?? null,
          isManager: s.isManager,
        })),
      ),
    ]),
  );
  const alreadyScored = rows.some(({ f }) => f.kind === 'score' && f.userId === auth.userId);
  return {
    items: visible.map(({ f, name }) => present(f, name, auth.userId, f.userId ? answers.get(f.userId) : undefined)),
    averages,
    scorecard: ctx.scorecard,
    questionAverages,
    scorecardVisible: scores.length > 0 && scorecardVisibleTo(ctx.access, !!ctx.scorecard?.coachOnlyScorecard, ctx.isCoach),
    allRatersVisible: allRatersVisible(!!ctx.scorecard?.coachOnlyScorecard, ctx.speakerLevel),
    reviewed: visible.some(({ f }) => f.isManager),
    commentCount: visible.filter(({ f }) => f.kind === 'comment').length,
    canComment: canCommentOn(ctx.access, ctx.speakerLevel),
    canScore: mayScore(ctx) && !alreadyScored,
  };
}

/** Each rater's answers to the scorecard's custom questions on a recording, by rater. */
async function scorecardAnswers(deps: TDeps, recordingId: string, scorecard: TScorecard | null) {
  if (!scorecard) return new Map<string, { id: string; responses: TResponses }>();
  const rows = await listScorecardAnswers(deps.db, recordingId, scorecard.id);
  return new Map(rows.map((r) => [r.userId, { id: r.id, responses: r.responses }]));
}

/**
 * The ids a feedback body may carry (001 section 7) must name what the server stored; they are
 * checked after access, so a refusal confirms nothing the caller could not already see, and
 * they never grant anything.
 */
function assertSameIds(sent: Record<string, string | null | undefined>, stored: Record<string, string | null>): void {
  const differing = Object.keys(sent).filter((k) => sent[k] !== undefined && sent[k] !== stored[k]);
  if (differing.length) throw badRequest(`${differing.join(', ')}: not this feedback's`, ERROR_CODES.feedbackIdsMismatch);
}

export async function addFeedback(deps: TDeps, auth: TAuth, body: TCreateFeedbackBody): Promise<TFeedback> {
  const ctx = await recordingContext(deps, auth, body.recordingId);
  assertSameIds({ groupId: body.groupId }, { groupId: ctx.row.r.groupId });
  const isScore = body.scoreOverall !== undefined;
  const allowed = isScore ? mayScore(ctx) : canCommentOn(ctx.access, ctx.speakerLevel);
  if (!allowed) throw forbidden(isScore ? 'You cannot score this recording' : 'Feedback is not enabled for this recording');
  if (body.regionEnd !== undefined && ctx.row.r.duration !== null && body.regionEnd > ctx.row.r.duration + 0.01) {
    throw badRequest('regionEnd: the region ends after the recording');
  }
  const author = await findAuthor(deps.db, auth.userId);
  // The owner's email is enqueued with the feedback: sent once it commits, retried while the
  // transport fails, and never for feedback that was not saved.
  const row = await deps.db.transaction(async (tx) => {
    const saved = await insertFeedback(tx, {
      recordingId: body.recordingId,
      groupId: ctx.row.r.groupId,
      userId: auth.userId,
      kind: isScore ? 'score' : 'comment',
      comment: isScore ? null : body.comment!,
      regionStart: isScore ? null : (body.regionStart ?? null),
      regionEnd: isScore ? null : (body.regionEnd ?? null),
      scoreOverall: body.scoreOverall ?? null,
      scoreOrganization: body.scoreOrganization ?? null,
      scoreDelivery: body.scoreDelivery ?? null,
      scoreXfactor: body.scoreXfactor ?? null,
      isManager: ctx.isCoach,
    });
    if (saved && saved.userId !== ctx.row.r.userId) {
      const r = ctx.row.r;
      await announce(tx, deps, [
        {
          notice: { userId: r.userId, kind: saved.kind, actorName: author!.name, title: r.title, recordingId: r.id },
          mail: await feedbackReceivedMail(tx, deps.config.publicUrl, r, author!.name, saved.kind),
        },
      ]);
    }
    // A coach's score of an assignment recording goes to the course's gradebook (LTI AGS) when a course links it.
    if (saved?.kind === 'score' && saved.isManager) await queueLtiGrade(tx, deps.queue, saved.recordingId);
    return saved;
  });
  if (!row)
    throw conflict('You have already scored this recording. Delete your scores to score it again.', ERROR_CODES.feedbackAlreadyScored);
  return present(row, author!.name, auth.userId);
}

/**
 * Changing feedback or score answers that exist (001 section 5: only the author may). An item
 * the caller may not see is not found, so its existence is not confirmed; someone else's item is
 * forbidden; and the author needs the right to give that feedback still, since a privacy level
 * or a sharing change may have switched it off after it was written.
 */
export function assertMayChangeOwn(
  ctx: TRecordingContext,
  callerId: string,
  item: Pick<TFeedbackRow, 'kind' | 'isManager' | 'userId'>,
  notAuthorMessage = 'Only the author can change this feedback',
): void {
  const mine = item.userId === callerId;
  const visible =
    mine ||
    (feedbackVisible(callerId, ctx.access, ctx.isCoach, ctx.speakerLevel ?? 0, item) && scoreVisibleUnderScorecard(ctx, callerId, item));
  if (!visible) throw notFound();
  if (!mine) throw forbidden(notAuthorMessage);
  const stillAllowed = item.kind === 'score' ? mayScore(ctx) : canCommentOn(ctx.access, ctx.speakerLevel);
  if (!stillAllowed) throw forbidden('Feedback is not enabled for this recording');
}

async function loadOwn(deps: TDeps, auth: TAuth, feedbackId: string) {
  const row = await findFeedback(deps.db, feedbackId);
  if (!row) throw notFound();
  assertMayChangeOwn(await recordingContext(deps, auth, row.recordingId), auth.userId, row);
  return row;
}

export async function updateFeedback(deps: TDeps, auth: TAuth, feedbackId: string, body: TUpdateFeedbackBody): Promise<TFeedback> {
  const row = await loadOwn(deps, auth, feedbackId);
  const { comment, ...ids } = body;
  assertSameIds(ids, { feedbackId: row.id, recordingId: row.recordingId, groupId: row.groupId });
  if (row.kind !== 'comment') throw forbidden('Scores cannot be edited: delete them, then score again');
  const saved = await updateFeedbackComment(deps.db, feedbackId, comment, new Date());
  const author = await findAuthor(deps.db, auth.userId);
  return present(saved, author!.name, auth.userId);
}

/** Deleting a score set also deletes the rater's scorecard answers: Delete Scores, then score again. */
export async function deleteFeedback(deps: TDeps, auth: TAuth, feedbackId: string): Promise<void> {
  const row = await loadOwn(deps, auth, feedbackId);
  await deps.db.transaction(async (tx) => {
    await deleteFeedbackRow(tx, feedbackId);
    if (row.kind === 'score') {
      await deleteScorecardAnswersOf(tx, row.recordingId, auth.userId);
    }
  });
}

/** Feedback on a group's recordings that the caller may see, newest first. */
export async function listGroupFeedback(deps: TDeps, auth: TAuth, groupId: string): Promise<TFeedback[]> {
  const g = await findOrgGroup(deps.db, auth.orgId, groupId);
  if (!g) throw notFound();
  const m = await findMembership(deps.db, auth.userId, groupId);
  const isCoach = isCoachOf(auth, m);
  if (!isCoach && !(m && isMembershipActiveNow(m))) throw notFound();
  const recs = await listLiveGroupRecordings(deps.db, groupId, auth.orgId);
  const access = new Map<string, TRecordingAccess>(recs.map((r) => [r.id, recordingAccess(auth, r, g, m ?? null)]));
  const audible = recs.filter((r) => access.get(r.id) === 'owner' || access.get(r.id) === 'hear');
  if (!audible.length) return [];
  const rows = await listFeedbackWithAuthors(
    deps.db,
    audible.map((r) => r.id),
  );
  // Coach-only scorecards hide peer score sets here too, as on the recording.
  const coachOnlyRecordings = await recordingsWithCoachOnlyScorecard(deps, audible);
  return rows
    .filter(({ f }) => feedbackVisible(auth.userId, access.get(f.recordingId)!, isCoach, g.speakerPrivacyLevel, f))
    .filter(({ f }) => scoreSetVisible(coachOnlyRecordings.has(f.recordingId), auth.userId, f))
    .reverse()
    .map(({ f, name }) => present(f, name, auth.userId));
}

/** Which of these recordings are in an assignment whose scorecard is coach-only. */
async function recordingsWithCoachOnlyScorecard(deps: TDeps, recs: { id: string; assignmentId: string | null }[]): Promise<Set<string>> {
  const assignmentIds = [...new Set(recs.map((r) => r.assignmentId).filter((a): a is string => !!a))];
  if (!assignmentIds.length) return new Set();
  // The SQL form of coachOnlyScorecardInForce (presentAssignmentRef applies its scorecardApplies).
  const ids = await assignmentsWithCoachOnlyScorecard(deps.db, assignmentIds);
  return new Set(recs.filter((r) => r.assignmentId && ids.has(r.assignmentId)).map((r) => r.id));
}
