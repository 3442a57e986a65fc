import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customQuestionId } from '@rostrum/contract';
import { groups, recordings, scorecardResponses } from '../../db/schema.js';
import {
  addMember,
  apiCaller,
  insertAssignment,
  insertDoneRecording,
  makeOrg,
  signInAs,
  startTestApp,
  type TTestApp,
} from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = apiCaller(() => t);

const STORY = customQuestionId('Storytelling');
const CTA = customQuestionId('Call to Action');
const CORE = { scoreOverall: 8, scoreOrganization: 7, scoreDelivery: 6, scoreXfactor: 9 };

/** A shared recording in an assignment with a scorecard of the presets plus two custom ratings. */
async function scene(coachOnly = false, levels = { managerPrivacyLevel: 1, speakerPrivacyLevel: 1 }) {
  const o = await makeOrg(t.db, { settings: { Assignments: true } });
  await t.db.update(groups).set(levels).where(eq(groups.id, o.group.id));
  const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  const { assignment, scorecard } = await insertAssignment(t.db, o.coach, o.group.id, {
    custom: ['Storytelling', 'Call to Action'],
    coachOnly,
  });
  const recording = await insertDoneRecording(t.db, o.speaker, o.group.id, { assignmentId: assignment.id, feedbackRequested: true });
  const auth = {
    owner: await signInAs(t, o.speaker.email),
    coach: await signInAs(t, o.coach.email),
    peer: await signInAs(t, peer.email),
  };
  const respond = (who: keyof typeof auth, responses: unknown, scorecardId = scorecard!.id) =>
    api('POST', `/scorecards/${scorecardId}/responses`, auth[who], { recordingId: recording.id, scorecardId, responses });
  const score = async (who: keyof typeof auth, overall: number, story: number, cta: number) => {
    expect((await api('POST', '/feedback', auth[who], { recordingId: recording.id, ...CORE, scoreOverall: overall })).statusCode).toBe(200);
    expect(
      (
        await respond(who, [
          { id: STORY, response: story },
          { id: CTA, response: cta },
        ])
      ).statusCode,
    ).toBe(200);
  };
  const feedback = async (who: keyof typeof auth) => (await api('GET', `/feedback?recordingId=${recording.id}`, auth[who])).json().data;
  return { ...o, peer, assignment, scorecard: scorecard!, recording, auth, respond, score, feedback };
}

describe('custom scorecards on a recording', () => {
  it('GET recordings/{id} and GET feedback carry the scorecard; answers join each score set; averages to 2 decimals', async () => {
    const s = await scene();
    const rec = (await api('GET', `/recordings/${s.recording.id}`, s.auth.owner)).json().data;
    expect(rec.assignment.scorecard.questions.map((q: { id: string }) => q.id)).toEqual([
      'scoreOverall',
      'scoreOrganization',
      'scoreDelivery',
      'scoreXfactor',
      STORY,
      CTA,
    ]);
    expect((await s.feedback('owner')).scorecardVisible).toBe(false);
    await s.score('coach', 9, 8, 7);
    await s.score('peer', 6, 5, 4);
    const fb = await s.feedback('owner');
    expect(fb.scorecard.id).toBe(s.scorecard.id);
    expect(fb.scorecardVisible).toBe(true);
    const coachSet = fb.items.find((f: { isManager: boolean }) => f.isManager);
    expect(coachSet.responses).toEqual([
      { id: STORY, response: 8 },
      { id: CTA, response: 7 },
    ]);
    expect(coachSet.responseId).toBeTruthy();
    expect(fb.questionAverages[STORY]).toEqual({ average: 6.5, count: 2, coachAverage: 8, coachCount: 1 });
    expect(fb.questionAverages[CTA].average).toBe(5.5);
    expect(fb.averages.scoreOverall.average).toBe(7.5);
  });

  it('checks the answers against the scorecard: unknown, missing, repeated, out of range, wrong scorecard', async () => {
    const s = await scene();
    for (const bad of [
      [
        { id: 'customnope', response: 5 },
        { id: STORY, response: 5 },
        { id: CTA, response: 5 },
      ],
      [{ id: STORY, response: 5 }],
      [
        { id: STORY, response: 5 },
        { id: STORY, response: 6 },
      ],
      [
        { id: STORY, response: 11 },
        { id: CTA, response: 5 },
      ],
      [
        { id: 'scoreOverall', response: 5 },
        { id: STORY, response: 5 },
        { id: CTA, response: 5 },
      ],
      [],
    ]) {
      const res = await s.respond('coach', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors[0].status).toBe(400);
    }
    const mismatch = await api('POST', `/scorecards/${s.scorecard.id}/responses`, s.auth.coach, {
      recordingId: s.recording.id,
      scorecardId: s.assignment.id,
      responses: [{ id: STORY, response: 5 }],
    });
    expect(mismatch.statusCode).toBe(400);
    const other = await scene();
    expect(
      (
        await s.respond(
          'coach',
          [
            { id: STORY, response: 5 },
            { id: CTA, response: 5 },
          ],
          other.scorecard.id,
        )
      ).statusCode,
    ).toBe(404);
    expect(await t.db.select().from(scorecardResponses).where(eq(scorecardResponses.recordingId, s.recording.id))).toHaveLength(0);
  });

  it('one set of answers per rater; the owner cannot rate; another organisation cannot see it', async () => {
    const s = await scene();
    const answers = [
      { id: STORY, response: 5 },
      { id: CTA, response: 5 },
    ];
    expect((await s.respond('peer', answers)).statusCode).toBe(200);
    expect((await s.respond('peer', answers)).statusCode).toBe(409);
    expect((await s.respond('owner', answers)).statusCode).toBe(403);
    const other = await makeOrg(t.db);
    const res = await api('POST', `/scorecards/${s.scorecard.id}/responses`, await signInAs(t, other.admin.email), {
      recordingId: s.recording.id,
      scorecardId: s.scorecard.id,
      responses: answers,
    });
    expect(res.statusCode).toBe(404);
  });

  it('coach-only: only the coach rates, peer ratings are hidden, the scorecard shows to owner and coach', async () => {
    const s = await scene(true);
    const answers = [
      { id: STORY, response: 5 },
      { id: CTA, response: 5 },
    ];
    expect((await s.respond('peer', answers)).statusCode).toBe(403);
    expect((await api('POST', '/feedback', s.auth.peer, { recordingId: s.recording.id, scoreOverall: 5 })).statusCode).toBe(403);
    expect((await s.feedback('peer')).canScore).toBe(false);
    expect((await s.feedback('coach')).canScore).toBe(true);
    await s.score('coach', 9, 8, 7);
    expect((await s.feedback('owner')).scorecardVisible).toBe(true);
    expect((await s.feedback('coach')).scorecardVisible).toBe(true);
    const peerView = await s.feedback('peer');
    expect(peerView.scorecardVisible).toBe(false);
    expect(peerView.items.filter((f: { kind: string }) => f.kind === 'score')).toHaveLength(1);
  });

  it('GET groups/{id}/feedback hides peer score sets of coach-only scorecards too', async () => {
    const s = await scene(true);
    // A peer scored before the recording went into the coach-only assignment.
    await t.db.update(recordings).set({ assignmentId: null }).where(eq(recordings.id, s.recording.id));
    expect((await api('POST', '/feedback', s.auth.peer, { recordingId: s.recording.id, scoreOverall: 4 })).statusCode).toBe(200);
    await t.db.update(recordings).set({ assignmentId: s.assignment.id }).where(eq(recordings.id, s.recording.id));
    await s.score('coach', 9, 8, 7);
    const scores = async (who: 'owner' | 'coach' | 'peer') =>
      ((await api('GET', `/groups/${s.group.id}/feedback`, s.auth[who])).json().data as { kind: string; scoreOverall: number }[])
        .filter((f) => f.kind === 'score')
        .map((f) => f.scoreOverall)
        .sort();
    expect(await scores('owner')).toEqual([9]);
    expect(await scores('coach')).toEqual([9]);
    expect(await scores('peer')).toEqual([4, 9]);
  });

  it('speaker level 2 hides the coach scores and answers from peers', async () => {
    const s = await scene(false, { managerPrivacyLevel: 1, speakerPrivacyLevel: 2 });
    await s.score('coach', 9, 8, 7);
    const peerView = await s.feedback('peer');
    expect(peerView.items.some((f: { isManager: boolean }) => f.isManager)).toBe(false);
    expect(peerView.questionAverages[STORY].count).toBe(0);
    expect((await s.feedback('owner')).questionAverages[STORY].coachAverage).toBe(8);
  });

  it('PUT and DELETE by the rater only; Delete Scores removes the answers too', async () => {
    const s = await scene();
    await s.score('coach', 9, 8, 7);
    const responseId = (await s.feedback('coach')).items.find((f: { isMine: boolean }) => f.isMine).responseId;
    const url = `/scorecards/${s.scorecard.id}/responses/${responseId}`;
    expect(
      (
        await api('PUT', url, s.auth.peer, {
          responses: [
            { id: STORY, response: 1 },
            { id: CTA, response: 1 },
          ],
        })
      ).statusCode,
    ).toBe(403);
    expect((await api('DELETE', url, s.auth.peer)).statusCode).toBe(403);
    const put = await api('PUT', url, s.auth.coach, {
      responses: [
        { id: STORY, response: 3 },
        { id: CTA, response: 4 },
      ],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.responses).toEqual([
      { id: STORY, response: 3 },
      { id: CTA, response: 4 },
    ]);
    expect((await api('PUT', url, s.auth.coach, { responses: [{ id: STORY, response: 3 }] })).statusCode).toBe(400);
    const scoreId = (await s.feedback('coach')).items.find(
      (f: { isMine: boolean; kind: string }) => f.isMine && f.kind === 'score',
    ).feedbackId;
    expect((await api('DELETE', `/feedback/${scoreId}`, s.auth.coach)).statusCode).toBe(200);
    expect(await t.db.select().from(scorecardResponses).where(eq(scorecardResponses.recordingId, s.recording.id))).toHaveLength(0);
    expect((await s.feedback('coach')).canScore).toBe(true);
    expect((await api('DELETE', url, s.auth.coach)).statusCode).toBe(404);
  });
});
