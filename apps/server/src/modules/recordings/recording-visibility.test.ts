import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZRecordingSchema } from '@rostrum/contract';
import { groups } from '../../db/schema.js';
import { insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';

// What a caller sees of a recording is decided once (recordings.presenter.ts): GET recordings/{id}
// shows no more than the group's list. A coach who may only list a recording (level 0, or level 2
// on an unshared one) gets neither its score nor its media nor its results.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, authorization: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization } });

describe('GET recordings/{id}: what a coach sees at each coach privacy level', () => {
  // level → [private, shared, submitted]: 'hear', 'list' (no score, media or results) or 'none' (404)
  const expected: Record<number, ['hear' | 'list' | 'none', 'hear' | 'list' | 'none', 'hear' | 'list' | 'none']> = {
    0: ['list', 'list', 'list'],
    1: ['hear', 'hear', 'hear'],
    2: ['list', 'hear', 'hear'],
    3: ['none', 'hear', 'hear'],
  };

  it('shows the score, media and results only where the coach may hear, and agrees with the group list', async () => {
    const o = await makeOrg(t.db);
    const owner = { id: o.speaker.id, orgId: o.org.id };
    const media = { playbackPath: 'audio.m4a', peaksPath: 'peaks.json', lanesPath: 'lanes.json' };
    const recs = [
      await insertDoneRecording(t.db, owner, o.group.id, { title: 'Private', overallScore: 7.1, ...media }),
      await insertDoneRecording(t.db, owner, o.group.id, { title: 'Shared', overallScore: 6.2, feedbackRequested: true, ...media }),
      await insertDoneRecording(t.db, owner, o.group.id, { title: 'Submitted', overallScore: 5.3, submitted: true, ...media }),
    ];
    for (const email of [o.coach.email, o.admin.email]) {
      const auth = await signInAs(t, email);
      for (const level of [0, 1, 2, 3]) {
        await t.db
          .update(groups)
          .set({ managerPrivacyLevel: level, speakerPrivacyLevel: level === 0 ? 0 : 2 })
          .where(eq(groups.id, o.group.id));
        const list = (await get(`/groups/${o.group.id}/recordings`, auth)).json().data as {
          recordingId: string;
          overallScore: number | null;
          canHear: boolean;
        }[];
        for (const [i, rec] of recs.entries()) {
          const want = expected[level]![i]!;
          const label = `${email} level ${level} ${rec.title}`;
          const res = await get(`/recordings/${rec.id}`, auth);
          if (want === 'none') {
            expect(res.statusCode, label).toBe(404);
            expect(
              list.find((r) => r.recordingId === rec.id),
              label,
            ).toBeUndefined();
            continue;
          }
          expect(res.statusCode, label).toBe(200);
          const single = ZRecordingSchema.parse(res.json().data);
          const hear = want === 'hear';
          expect(single.access.canHear, label).toBe(hear);
          expect(single.overallScore, label).toBe(hear ? rec.overallScore : null);
          expect(single.playbackUrl !== null, label).toBe(hear);
          expect(single.peaksUrl !== null, label).toBe(hear);
          expect(single.lanesUrl !== null, label).toBe(hear);
          if (!hear) expect(single.results, label).toBeNull();
          // The list row says the same.
          const row = list.find((r) => r.recordingId === rec.id);
          expect(row, label).toMatchObject({ canHear: hear, overallScore: single.overallScore });
        }
      }
    }
  });

  it('the owner always sees their score, in GET recordings/{id} and in their own list', async () => {
    const o = await makeOrg(t.db);
    const rec = await insertDoneRecording(t.db, { id: o.speaker.id, orgId: o.org.id }, o.group.id, { overallScore: 8.4 });
    await t.db.update(groups).set({ managerPrivacyLevel: 0, speakerPrivacyLevel: 0 }).where(eq(groups.id, o.group.id));
    const auth = await signInAs(t, o.speaker.email);
    expect((await get(`/recordings/${rec.id}`, auth)).json().data).toMatchObject({
      overallScore: 8.4,
      access: { canHear: true, isOwner: true },
    });
    expect((await get('/recordings', auth)).json().data).toMatchObject([{ recordingId: rec.id, overallScore: 8.4 }]);
  });
});
