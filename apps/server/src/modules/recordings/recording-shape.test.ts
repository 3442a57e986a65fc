import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customQuestionId, ZRecordingSchema } from '@rostrum/contract';
import { assignments, groups } from '../../db/schema.js';
import { fullResults, w } from '../../test/results-fixtures.js';
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

// The Recording shape's last fields (001 section 3): deleted, the recording's diarizedTranscript
// (the results' own, under the same canHear rule), the assignment's metadata (only for a caller
// who may see the assignment) and scorecard questions with apiName and the caller's own value.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = apiCaller(() => t);
const STORY = customQuestionId('Storytelling');
const transcript = [w('Good', 0.1, 0.4), w('morning', 0.45, 0.9), w('everyone', 1, 1.5)];

/** A shared, analysed recording in an assignment (with metadata and a scorecard) for one speaker only. */
async function scene(levels = { managerPrivacyLevel: 1, speakerPrivacyLevel: 2 }) {
  const o = await makeOrg(t.db, { settings: { Assignments: true } });
  await t.db.update(groups).set(levels).where(eq(groups.id, o.group.id));
  const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  // A non-continuous assignment for the owner alone: the peer may hear the shared recording but not see the assignment.
  const { assignment } = await insertAssignment(t.db, o.coach, o.group.id, { custom: ['Storytelling'], userTargets: [o.speaker.id] });
  const metadata = { rubric: 'pitch-2026', weight: 2 };
  await t.db.update(assignments).set({ metadata }).where(eq(assignments.id, assignment.id));
  const rec = await insertDoneRecording(t.db, o.speaker, o.group.id, {
    assignmentId: assignment.id,
    feedbackRequested: true,
    results: fullResults({}, transcript),
  });
  const auth = {
    owner: await signInAs(t, o.speaker.email),
    coach: await signInAs(t, o.coach.email),
    peer: await signInAs(t, peer.email),
  };
  const get = async (who: keyof typeof auth) => {
    const res = await api('GET', `/recordings/${rec.id}?expand=tips,timestamped`, auth[who]);
    expect(res.statusCode, who).toBe(200);
    return ZRecordingSchema.parse(res.json().data);
  };
  return { o, rec, auth, get, metadata };
}

describe('GET recordings/{id}: deleted, diarizedTranscript, assignment metadata and scorecard values', () => {
  it('the owner gets deleted false, the results transcript, the metadata and unscored questions', async () => {
    const { get, metadata } = await scene();
    const r = await get('owner');
    expect(r.deleted).toBe(false);
    expect(r.diarizedTranscript).toEqual(r.results!.diarizedTranscript);
    expect(r.diarizedTranscript.map((i) => i.text)).toEqual(['Good', 'morning', 'everyone']);
    expect(r.assignment!.metadata).toEqual(metadata);
    const qs = r.assignment!.scorecard!.questions;
    expect(qs.map((q) => q.apiName)).toEqual(['scoreOverall', 'scoreOrganization', 'scoreDelivery', 'scoreXfactor', STORY]);
    expect(qs.every((q) => q.value === null)).toBe(true);
  });

  it("each caller's values are their own ratings: the coach's after scoring, the owner's still none", async () => {
    const { rec, auth, get } = await scene();
    const scored = await api('POST', '/feedback', auth.coach, { recordingId: rec.id, scoreOverall: 8, scoreDelivery: 6 });
    expect(scored.statusCode).toBe(200);
    const sc = (await get('coach')).assignment!.scorecard!;
    const answered = await api('POST', `/scorecards/${sc.id}/responses`, auth.coach, {
      recordingId: rec.id,
      scorecardId: sc.id,
      responses: [{ id: STORY, response: 9 }],
    });
    expect(answered.statusCode).toBe(200);
    const values = Object.fromEntries((await get('coach')).assignment!.scorecard!.questions.map((q) => [q.apiName, q.value]));
    expect(values).toEqual({ scoreOverall: 8, scoreOrganization: null, scoreDelivery: 6, scoreXfactor: null, [STORY]: 9 });
    expect((await get('owner')).assignment!.scorecard!.questions.every((q) => q.value === null)).toBe(true);
    expect((await get('peer')).assignment!.scorecard!.questions.every((q) => q.value === null)).toBe(true);
  });

  it('a peer who may hear the recording but not see its assignment gets the transcript and no metadata', async () => {
    const { get } = await scene();
    const r = await get('peer');
    expect(r.access.canHear).toBe(true);
    expect(r.diarizedTranscript).toHaveLength(3);
    expect(r.assignment!.metadata).toEqual({});
  });

  it('a coach who may only list the recording gets no transcript; its assignment (theirs to see) keeps its metadata', async () => {
    const { get, metadata } = await scene({ managerPrivacyLevel: 0, speakerPrivacyLevel: 2 });
    const r = await get('coach');
    expect(r.access.canHear).toBe(false);
    expect(r.results).toBeNull();
    expect(r.diarizedTranscript).toEqual([]);
    expect(r.assignment!.metadata).toEqual(metadata);
  });
});
