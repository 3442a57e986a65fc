import { ERROR_CODES, type TScorecard, type TScorecardResponse, type TScorecardResponseBody, visibleQuestions } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { assertMayChangeOwn, mayScore, recordingContext, type TRecordingContext } from '../feedback/index.js';
import {
  deleteScorecardResponse,
  findScorecardResponse,
  insertScorecardResponse,
  type TScorecardResponseRow,
  updateScorecardAnswers,
} from './scorecards.repository.js';

type TAnswers = TScorecardResponseBody['responses'];

function present(row: TScorecardResponseRow): TScorecardResponse {
  return {
    responseId: row.id,
    recordingId: row.recordingId,
    scorecardId: row.scorecardId,
    userId: row.userId,
    isManager: row.isManager,
    responses: row.responses,
    createdDate: row.createdAt.toISOString(),
  };
}

/** The recording's scorecard must be the one in the path. */
async function scorecardOf(deps: TDeps, auth: TAuth, scorecardId: string, recordingId: string) {
  const ctx = await recordingContext(deps, auth, recordingId);
  if (!ctx.scorecard || ctx.scorecard.id !== scorecardId) throw notFound('This recording has no such scorecard');
  return { ctx, scorecard: ctx.scorecard };
}

/** Answers go to every visible custom question, once each; presets are the core scores (POST feedback). */
function assertAnswersFit(scorecard: TScorecard, answers: TAnswers) {
  const custom = visibleQuestions(scorecard).filter((q) => !q.preset);
  const ids = new Set(custom.map((q) => q.id));
  const unknown = answers.find((a) => !ids.has(a.id));
  if (unknown) throw badRequest(`responses: "${unknown.id}" is not a question of this scorecard`);
  const missing = custom.find((q) => !answers.some((a) => a.id === q.id));
  if (missing) throw badRequest(`responses: "${missing.label}" needs a rating`);
}

function assertMayScore(ctx: TRecordingContext) {
  if (!mayScore(ctx))
    throw forbidden(ctx.scorecard?.coachOnlyScorecard ? 'Only the coach can use this scorecard' : 'You cannot score this recording');
}

/** POST scorecards/{id}/responses: one set of answers per rater and recording. */
export async function saveResponse(
  deps: TDeps,
  auth: TAuth,
  scorecardId: string,
  body: TScorecardResponseBody,
): Promise<TScorecardResponse> {
  if (body.scorecardId !== scorecardId) throw badRequest('scorecardId: does not match the path');
  const { ctx, scorecard } = await scorecardOf(deps, auth, scorecardId, body.recordingId);
  assertMayScore(ctx);
  assertAnswersFit(scorecard, body.responses);
  const row = await insertScorecardResponse(deps.db, {
    scorecardId,
    recordingId: body.recordingId,
    userId: auth.userId,
    responses: body.responses,
    isManager: ctx.isCoach,
  });
  if (!row)
    throw conflict('You have already scored this recording. Delete your scores to score it again.', ERROR_CODES.feedbackAlreadyScored);
  return present(row);
}

async function loadOwn(deps: TDeps, auth: TAuth, scorecardId: string, responseId: string) {
  const row = await findScorecardResponse(deps.db, scorecardId, responseId);
  if (!row) throw notFound();
  const found = await scorecardOf(deps, auth, scorecardId, row.recordingId);
  assertMayChangeOwn(
    found.ctx,
    auth.userId,
    { kind: 'score', isManager: row.isManager, userId: row.userId },
    'Only the rater can change these answers',
  );
  return { row, ...found };
}

export async function updateResponse(
  deps: TDeps,
  auth: TAuth,
  scorecardId: string,
  responseId: string,
  answers: TAnswers,
): Promise<TScorecardResponse> {
  const { scorecard } = await loadOwn(deps, auth, scorecardId, responseId);
  assertAnswersFit(scorecard, answers);
  return present(await updateScorecardAnswers(deps.db, responseId, answers, new Date()));
}

export async function deleteResponse(deps: TDeps, auth: TAuth, scorecardId: string, responseId: string): Promise<void> {
  await loadOwn(deps, auth, scorecardId, responseId);
  await deleteScorecardResponse(deps.db, responseId);
}
