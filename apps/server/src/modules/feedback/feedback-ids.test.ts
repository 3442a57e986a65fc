import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@rostrum/contract';
import { groups } from '../../db/schema.js';
import { addGroup, addMember, apiCaller, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

// The ids the feedback calls carry (001 section 7): POST sends groupId, PUT feedbackId, comment,
// groupId and recordingId. The server decides from its own rows: an id that disagrees with them
// is refused (400), and an id is never what grants permission.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = apiCaller(() => t);

async function scene() {
  const o = await makeOrg(t.db);
  await t.db.update(groups).set({ managerPrivacyLevel: 1, speakerPrivacyLevel: 2 }).where(eq(groups.id, o.group.id));
  const other = await addGroup(t.db, o.org.id);
  const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  const rec = await insertDoneRecording(t.db, o.speaker, o.group.id, { feedbackRequested: true });
  const second = await insertDoneRecording(t.db, o.speaker, o.group.id, { feedbackRequested: true });
  const hidden = await insertDoneRecording(t.db, o.speaker, o.group.id);
  const auth = { coach: await signInAs(t, o.coach.email), peer: await signInAs(t, peer.email) };
  return { o, other, rec, second, hidden, auth };
}

describe('POST feedback with groupId', () => {
  it("takes the recording's own group and refuses another one with 400", async () => {
    const s = await scene();
    const ok = await api('POST', '/feedback', s.auth.peer, { recordingId: s.rec.id, groupId: s.o.group.id, comment: 'Clear opening' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.groupId).toBe(s.o.group.id);
    const wrong = await api('POST', '/feedback', s.auth.peer, { recordingId: s.rec.id, groupId: s.other.id, comment: 'Elsewhere' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].code).toBe(ERROR_CODES.feedbackIdsMismatch);
    const score = await api('POST', '/feedback', s.auth.coach, { recordingId: s.rec.id, groupId: s.other.id, scoreOverall: 7 });
    expect(score.statusCode).toBe(400);
  });

  it('a matching groupId grants nothing: a recording the caller may not see stays 404', async () => {
    const s = await scene();
    const res = await api('POST', '/feedback', s.auth.peer, { recordingId: s.hidden.id, groupId: s.o.group.id, comment: 'Let me in' });
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT feedback/{id} with feedbackId, comment, groupId and recordingId', () => {
  it('saves when the ids agree with the stored feedback and refuses each one that differs', async () => {
    const s = await scene();
    const made = (await api('POST', '/feedback', s.auth.peer, { recordingId: s.rec.id, groupId: s.o.group.id, comment: 'First' })).json()
      .data as { feedbackId: string };
    const body = { feedbackId: made.feedbackId, comment: 'Edited', groupId: s.o.group.id, recordingId: s.rec.id };
    const put = (b: object) => api('PUT', `/feedback/${made.feedbackId}`, s.auth.peer, b);
    for (const wrong of [{ feedbackId: s.second.id }, { recordingId: s.second.id }, { groupId: s.other.id }]) {
      const res = await put({ ...body, ...wrong });
      expect(res.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(res.json().errors[0].code).toBe(ERROR_CODES.feedbackIdsMismatch);
    }
    const saved = await put(body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ comment: 'Edited', recordingId: s.rec.id, groupId: s.o.group.id });
  });

  it("ids that agree do not make someone else's comment editable (403), nor one the caller may not see visible (404)", async () => {
    const s = await scene();
    const coachOwn = (await api('POST', '/feedback', s.auth.coach, { recordingId: s.hidden.id, comment: 'Coach note' })).json().data as {
      feedbackId: string;
    };
    const peerOwn = (await api('POST', '/feedback', s.auth.peer, { recordingId: s.rec.id, comment: 'Peer note' })).json().data as {
      feedbackId: string;
    };
    const onShared = await api('PUT', `/feedback/${peerOwn.feedbackId}`, s.auth.coach, {
      feedbackId: peerOwn.feedbackId,
      comment: 'hijack',
      groupId: s.o.group.id,
      recordingId: s.rec.id,
    });
    expect(onShared.statusCode).toBe(403);
    const onHidden = await api('PUT', `/feedback/${coachOwn.feedbackId}`, s.auth.peer, {
      feedbackId: coachOwn.feedbackId,
      comment: 'hijack',
      groupId: s.o.group.id,
      recordingId: s.hidden.id,
    });
    expect(onHidden.statusCode).toBe(404);
  });
});
