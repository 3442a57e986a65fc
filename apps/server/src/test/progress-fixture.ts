import { eq } from 'drizzle-orm';
import type { TAssignmentCriteriaInput } from '@rostrum/contract';
import { assignments, assignmentTargets, feedback, groups } from '../db/schema.js';
import type { TDb } from '../db/client.js';
import { addMember, insertAssignment, insertDoneRecording, makeOrg } from './harness.js';

// A group and an assignment with three speakers at each stage of completion, for the progress
// tests: `speaker` completed (a flagged recording and a private one), `peer` in progress (one
// shared), `quiet` not started (only a failed and a deleted recording). Criteria: one recording
// and a flagged one. Feedback: the coach comments and rates the flagged recording, the speaker
// comments on their private one and comments on and rates the peer's shared one.

export async function progressScene(
  db: TDb,
  opts: {
    targets?: 'group' | 'users';
    deactivated?: boolean;
    criteria?: Partial<TAssignmentCriteriaInput>;
    managerPrivacyLevel?: number;
    speakerPrivacyLevel?: number;
  } = {},
) {
  const o = await makeOrg(db, { settings: { Assignments: true } });
  await db
    .update(groups)
    .set({ managerPrivacyLevel: opts.managerPrivacyLevel ?? 1, speakerPrivacyLevel: opts.speakerPrivacyLevel ?? 1 })
    .where(eq(groups.id, o.group.id));
  const peer = await addMember(db, o.org.id, o.group.id, ['speaker']);
  const quiet = await addMember(db, o.org.id, o.group.id, ['speaker']);
  const { assignment } = await insertAssignment(db, o.coach, o.group.id, { name: 'Elevator Pitch', userTargets: [] });
  await db
    .update(assignments)
    .set({
      criteria: { algorithm: 'rostrum-default', minRecordings: true, minRecordingsCount: 1, managerReview: true, ...opts.criteria },
      deactivated: opts.deactivated ?? false,
    })
    .where(eq(assignments.id, assignment.id));
  if ((opts.targets ?? 'group') === 'group')
    await db.insert(assignmentTargets).values({ assignmentId: assignment.id, groupId: o.group.id });
  else
    await db.insert(assignmentTargets).values([
      { assignmentId: assignment.id, userId: o.speaker.id },
      { assignmentId: assignment.id, userId: peer.id },
      { assignmentId: assignment.id, userId: quiet.id },
    ]);
  const own = (u: { id: string }) => ({ id: u.id, orgId: o.org.id });
  const inIt = { assignmentId: assignment.id };
  const flagged = await insertDoneRecording(db, own(o.speaker), o.group.id, {
    ...inIt,
    title: 'Mine flagged',
    submitted: true,
    overallScore: 7,
    playbackPath: 'x/audio.mp3',
    createdAt: new Date(Date.now() - 60_000),
  });
  const priv = await insertDoneRecording(db, own(o.speaker), o.group.id, { ...inIt, title: 'Mine private', overallScore: 3 });
  const shared = await insertDoneRecording(db, own(peer), o.group.id, {
    ...inIt,
    title: 'Peer shared',
    feedbackRequested: true,
    overallScore: 5,
    playbackPath: 'y/audio.mp3',
  });
  await insertDoneRecording(db, own(quiet), o.group.id, { ...inIt, title: 'Quiet failed', status: 'failed' });
  await insertDoneRecording(db, own(quiet), o.group.id, { ...inIt, title: 'Quiet deleted', deletedAt: new Date() });
  // Not in the assignment.
  await insertDoneRecording(db, own(quiet), o.group.id, { title: 'Quiet elsewhere', feedbackRequested: true });
  await db.insert(feedback).values([
    { recordingId: flagged.id, groupId: o.group.id, userId: o.coach.id, kind: 'comment', comment: 'Good opening', isManager: true },
    { recordingId: flagged.id, groupId: o.group.id, userId: o.coach.id, kind: 'score', scoreOverall: 8, isManager: true },
    { recordingId: priv.id, groupId: o.group.id, userId: o.speaker.id, kind: 'comment', comment: 'Too fast here' },
    { recordingId: shared.id, groupId: o.group.id, userId: o.speaker.id, kind: 'comment', comment: 'Nice pace' },
    { recordingId: shared.id, groupId: o.group.id, userId: o.speaker.id, kind: 'score', scoreOverall: 6 },
  ]);
  const setLevels = (managerPrivacyLevel: number, speakerPrivacyLevel: number) =>
    db.update(groups).set({ managerPrivacyLevel, speakerPrivacyLevel }).where(eq(groups.id, o.group.id));
  return { ...o, peer, quiet, assignment, flagged, priv, shared, setLevels };
}
