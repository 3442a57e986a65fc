import { CORE_SCORES, type TAssignmentRef } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import type { TAuth } from '../../auth/auth-context.js';
import { judge, listTargets, loadViewer, presentAssignmentRef } from '../assignments/index.js';
import { findScorecardAnswersOf, findScoreSetOf } from './rater-answers.repository.js';
import type { findRecordingWithContext } from './recordings.repository.js';

type TJoinedAssignment = NonNullable<NonNullable<Awaited<ReturnType<typeof findRecordingWithContext>>>['assignment']>;

/** What the recordings presenter needs to show a recording's assignment (001 section 3). */
export interface TRecordingAssignmentFacts {
  ref: TAssignmentRef;
  metadata: Record<string, unknown>;
  /** The caller sees the assignment itself (the assignments module's judge: not 'none'). */
  visible: boolean;
  /** The caller's own ratings of the recording, by apiName (core scores and custom answers). */
  ownRatings: ReadonlyMap<string, number>;
}

export async function recordingAssignmentFacts(
  db: TDb,
  auth: TAuth,
  recordingId: string,
  joined: TJoinedAssignment,
): Promise<TRecordingAssignmentFacts> {
  const ref = presentAssignmentRef(joined);
  const [viewer, targets, ownRatings] = await Promise.all([
    loadViewer(db, auth),
    listTargets(db, [joined.a.id]),
    ref.scorecard ? ratingsOf(db, recordingId, ref.scorecard.id, auth.userId) : new Map<string, number>(),
  ]);
  const { view } = judge(viewer, { ...joined, ownerName: null }, targets);
  return { ref, metadata: joined.a.metadata, visible: view !== 'none', ownRatings };
}

async function ratingsOf(db: TDb, recordingId: string, scorecardId: string, userId: string): Promise<Map<string, number>> {
  const [set, answers] = await Promise.all([
    findScoreSetOf(db, recordingId, userId),
    findScorecardAnswersOf(db, recordingId, scorecardId, userId),
  ]);
  const ratings = new Map<string, number>();
  for (const { apiName } of CORE_SCORES) {
    const v = set?.[apiName];
    if (v != null) ratings.set(apiName, v);
  }
  for (const r of answers?.responses ?? []) ratings.set(r.id, r.response);
  return ratings;
}
