import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { addYears } from 'date-fns';
import { noticeText, type TOrgSettings, ZAdminOrgSettingsSchema } from '@rostrum/contract';
import { feedback, notices, recordings, retentionNotices } from '../../db/schema.js';
import type { TJobDeps } from '../../jobs/job-types.js';
import { insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { handleRecordingRetention } from './retention.job.js';

// The recording retention (issue 42 item 9), run with a controlled "now": the notice 14 days
// before, once; the removal after (rows and files); nothing while the setting is off.

let t: TTestApp;
let deps: TJobDeps;
beforeAll(async () => {
  t = await startTestApp();
  deps = { db: t.db, config: t.config, storage: t.storage, log: pino({ level: 'silent' }), mailer: t.mailer, queue: t.queue };
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const NOW = new Date('2027-03-01T03:00:00Z');
const daysFrom = (d: Date, days: number) => new Date(d.getTime() + days * DAY);

async function orgWith(settings: TOrgSettings) {
  const o = await makeOrg(t.db, { settings });
  /** A recording of the speaker whose retention (of `years`) ends `dueInDays` after NOW. */
  const rec = async (years: number, dueInDays: number, over: Parameters<typeof insertDoneRecording>[3] = {}) => {
    const r = await insertDoneRecording(t.db, { id: o.speaker.id, orgId: o.org.id }, o.group.id, {
      createdAt: addYears(daysFrom(NOW, dueInDays), -years),
      title: `Due in ${dueInDays}`,
      ...over,
    });
    const dir = t.storage.dirFor(r.id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'audio.m4a'), 'x');
    return { ...r, dir };
  };
  return { ...o, rec };
}

const rowsOf = (ids: string[]) => t.db.select({ id: recordings.id }).from(recordings).where(inArray(recordings.id, ids));

describe('recording-retention', () => {
  it('tells the owner once, 14 days ahead, then removes the recording with its files after', async () => {
    const o = await orgWith({ recordingRetention: '1y' });
    const soon = await o.rec(1, 13.9); // within 14 days: told now
    const later = await o.rec(1, 20); // not yet
    await t.db.insert(feedback).values({ recordingId: soon.id, groupId: o.group.id, userId: o.coach.id, kind: 'comment', comment: 'Nice' });

    const first = await handleRecordingRetention(deps, NOW);
    expect(first.notices).toBeGreaterThanOrEqual(1);
    const told = await t.db.select().from(notices).where(eq(notices.userId, o.speaker.id));
    expect(told.map((n) => [n.kind, n.recordingId])).toEqual([['recordingRemovalDue', soon.id]]);
    expect(noticeText(told[0]!)).toBe(`“Due in 13.9” will be removed on March 15, 2027 under your organization's retention rule`);
    const [claim] = await t.db.select().from(retentionNotices).where(eq(retentionNotices.recordingId, soon.id));
    // 14 days after the notice (its retention ends a little earlier: nobody gets less warning).
    expect(claim!.removeAfter.toISOString()).toBe(daysFrom(NOW, 14).toISOString());
    await t.deliverMail();
    const mail = t.mailer.sent.filter((m) => m.to === o.speaker.email);
    expect(mail.map((m) => m.subject)).toEqual(['"Due in 13.9" will be removed on March 15, 2027']);

    // A second run the same night (or another worker) tells nobody again and removes nothing.
    await handleRecordingRetention(deps, new Date(NOW.getTime() + 3600_000));
    expect(await t.db.select().from(notices).where(eq(notices.userId, o.speaker.id))).toHaveLength(1);
    expect(await rowsOf([soon.id, later.id])).toHaveLength(2);
    expect(existsSync(soon.dir)).toBe(true);

    // 14 days later: the told one goes (row, feedback, files); the other is told now.
    const after = daysFrom(NOW, 14.01);
    const second = await handleRecordingRetention(deps, after);
    expect(second.removed).toBeGreaterThanOrEqual(1);
    expect((await rowsOf([soon.id, later.id])).map((r) => r.id)).toEqual([later.id]);
    expect(await t.db.select().from(feedback).where(eq(feedback.recordingId, soon.id))).toHaveLength(0);
    expect(existsSync(soon.dir)).toBe(false);
    expect(existsSync(later.dir)).toBe(true);
    expect((await t.db.select().from(notices).where(eq(notices.userId, o.speaker.id))).map((n) => n.recordingId)).toEqual([later.id]);
  });

  it('a retention just turned on gives 14 days to recordings already past it; owner-deleted ones go at once', async () => {
    const o = await orgWith({ recordingRetention: '2y' });
    const old = await o.rec(2, -100);
    const deletedByOwner = await o.rec(2, -5, { deletedAt: daysFrom(NOW, -30) });
    await handleRecordingRetention(deps, NOW);
    expect((await rowsOf([old.id, deletedByOwner.id])).map((r) => r.id)).toEqual([old.id]);
    const [claim] = await t.db.select().from(retentionNotices).where(eq(retentionNotices.recordingId, old.id));
    expect(claim!.removeAfter.toISOString()).toBe(daysFrom(NOW, 14).toISOString());
    await handleRecordingRetention(deps, daysFrom(NOW, 13));
    expect(await rowsOf([old.id])).toHaveLength(1);
    await handleRecordingRetention(deps, daysFrom(NOW, 14.01));
    expect(await rowsOf([old.id])).toHaveLength(0);
  });

  it('off (or absent): nothing is told or removed, however old', async () => {
    const off = await orgWith({ recordingRetention: 'off' });
    const absent = await orgWith({});
    const a = await off.rec(1, -2000);
    const b = await absent.rec(1, -2000);
    await handleRecordingRetention(deps, NOW);
    expect(await rowsOf([a.id, b.id])).toHaveLength(2);
    expect(
      await t.db
        .select()
        .from(notices)
        .where(inArray(notices.userId, [off.speaker.id, absent.speaker.id])),
    ).toHaveLength(0);
    expect(existsSync(a.dir) && existsSync(b.dir)).toBe(true);
  });
});

describe('the recordingRetention setting (admin/org-settings)', () => {
  const call = (method: 'GET' | 'PATCH', authorization: string, payload?: unknown) =>
    t.app.inject({ method, url: '/api/v1/admin/org-settings', headers: { authorization }, payload: payload as object });

  it('is off by default; an org admin sets 1, 2 or 5 years or off; other values and other roles are refused', async () => {
    const o = await makeOrg(t.db);
    const admin = await signInAs(t, o.admin.email);
    expect(ZAdminOrgSettingsSchema.parse((await call('GET', admin)).json().data).recordingRetention).toBe('off');
    const saved = await call('PATCH', admin, { recordingRetention: '5y' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZAdminOrgSettingsSchema.parse(saved.json().data).recordingRetention).toBe('5y');
    expect(ZAdminOrgSettingsSchema.parse((await call('GET', admin)).json().data).recordingRetention).toBe('5y');
    expect((await call('PATCH', admin, { recordingRetention: '3y' })).statusCode).toBe(400);
    expect((await call('PATCH', admin, { recordingRetention: 1 })).statusCode).toBe(400);
    expect((await call('PATCH', await signInAs(t, o.coach.email), { recordingRetention: 'off' })).statusCode).toBe(403);
    expect((await call('PATCH', await signInAs(t, o.speaker.email), { recordingRetention: 'off' })).statusCode).toBe(403);
    expect(ZAdminOrgSettingsSchema.parse((await call('GET', admin)).json().data).recordingRetention).toBe('5y');
    expect(ZAdminOrgSettingsSchema.parse((await call('PATCH', admin, { recordingRetention: 'off' })).json().data).recordingRetention).toBe(
      'off',
    );
  });
});
