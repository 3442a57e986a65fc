import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import {
  ERROR_CODES,
  FORMER_MEMBER_NAME,
  ZAccountDeletionResultSchema,
  ZAdminUserListSchema,
  ZRecordingFeedbackSchema,
} from '@rostrum/contract';
import {
  accessReminders,
  apiKeys,
  assignmentReminders,
  assignments,
  auditEvents,
  feedback,
  hubIdentities,
  invites,
  liveCaptures,
  memberships,
  notices,
  passwordResets,
  rateLimits,
  shareLinks,
  users,
  wordspottingLists,
  zoomConnections,
} from '../../db/schema.js';
import { uploadsDirOf } from '../../storage/media-storage.js';
import type { TWorkerDeps } from '../../jobs/job-types.js';
import {
  addMember,
  insertAssignment,
  insertDoneRecording,
  makeOrg,
  PASSWORD,
  signInAs,
  startTestApp,
  type TTestApp,
} from '../../test/harness.js';

// Deleting an account (issue 42 item 8): POST me/delete and, for an org admin, POST
// users/{userId}/delete. The first test seeds a person with everything a person can have, deletes
// them, then reads EVERY table of the schema for anything of them (their id, email, name, and the
// ids of their recordings and captures) and checks the media and upload folders file by file.

let t: TTestApp;
let workerDeps: TWorkerDeps;
beforeAll(async () => {
  t = await startTestApp();
  workerDeps = { db: t.db, config: t.config, storage: t.storage, log: pino({ level: 'silent' }), mailer: t.mailer };
});
afterAll(async () => t?.close());

const post = (url: string, authorization: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: authorization ? { authorization } : {}, payload: payload as object });
const get = (url: string, authorization: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization } });
const code = (res: { json: () => { errors?: { code: string }[] } }) => res.json().errors?.[0]?.code;
const confirm = { password: PASSWORD, confirmation: 'DELETE' };

/** Runs the jobs the deletion enqueued, as a worker would. */
async function runFileJobs() {
  await t.queue.runDueJobs('remove-recording-media', workerDeps);
  await t.queue.runDueJobs('remove-account-uploads', workerDeps);
}

function mediaFolderWithFiles(recordingId: string) {
  const dir = t.storage.dirFor(recordingId);
  mkdirSync(dir, { recursive: true });
  for (const f of ['original', 'audio.m4a', 'peaks.json']) writeFileSync(path.join(dir, f), 'x');
  return dir;
}

function uploadFiles(uploadId: string) {
  const dir = uploadsDirOf(t.config.dataDir);
  mkdirSync(dir, { recursive: true });
  const files = [path.join(dir, uploadId), path.join(dir, `${uploadId}.json`)];
  for (const f of files) writeFileSync(f, '{}');
  return files;
}

/**
 * Every row of every table of the public schema whose uuid, text, array or jsonb column holds one
 * of the needles (generic, so a table added later is covered too): "table.column" per hit.
 */
async function rowsHolding(needles: string[]): Promise<string[]> {
  const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
  const cols = rowsOf<{ table_name: string; column_name: string }>(
    await t.db.execute(sql`
    select c.table_name, c.column_name, c.data_type from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and c.data_type in ('uuid', 'text', 'character varying', 'jsonb', 'json', 'ARRAY')
    order by c.table_name, c.column_name`),
  );
  expect(cols.length).toBeGreaterThan(50);
  const hits: string[] = [];
  const lowered = needles.map((n) => n.toLowerCase());
  for (const c of cols) {
    const col = sql`lower(${sql.identifier(c.table_name)}.${sql.identifier(c.column_name)}::text)`;
    const res = await t.db.execute(
      sql`select n from unnest(array[${sql.join(
        lowered.map((n) => sql`${n}`),
        sql`, `,
      )}]::text[]) as n where exists (select 1 from ${sql.identifier(c.table_name)} where position(n in ${col}) > 0)`,
    );
    for (const r of rowsOf<{ n: string }>(res)) hits.push(`${c.table_name}.${c.column_name} holds ${r.n}`);
  }
  return hits;
}

describe('POST me/delete: nothing of the person is left', () => {
  it('removes every row and file of theirs, keeps their comments on others anonymised and one audit row', async () => {
    const o = await makeOrg(t.db, { settings: { Assignments: true, seatLimit: 3 } });
    const person = o.speaker;
    // A name and email found nowhere else in the database, so any trace of them is theirs.
    const mark = randomBytes(4).toString('hex');
    const name = `Quinn Zephyr${mark}`;
    const email = `quinn-${mark}@example.test`;
    await t.db
      .update(users)
      .set({ name, email, firstName: 'Quinn', lastName: `Zephyr${mark}`, dataUseAllowed: true, dataUseAllowedAt: new Date() })
      .where(eq(users.id, person.id));
    const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
    const auth = await signInAs(t, email);

    // Their recordings (one deleted by them already), with media on disk, and one of the peer's.
    const mine = await insertDoneRecording(t.db, { id: person.id, orgId: o.org.id }, o.group.id, { title: `Pitch ${mark}` });
    const mine2 = await insertDoneRecording(t.db, { id: person.id, orgId: o.org.id }, o.group.id, { deletedAt: new Date() });
    const uploading = await insertDoneRecording(t.db, { id: person.id, orgId: o.org.id }, o.group.id, { status: 'uploading' });
    const peerRec = await insertDoneRecording(t.db, { id: peer.id, orgId: o.org.id }, o.group.id, { title: 'Peer talk' });
    const myDirs = [mediaFolderWithFiles(mine.id), mediaFolderWithFiles(mine2.id)];
    const peerDir = mediaFolderWithFiles(peerRec.id);
    const uploadingFiles = uploadFiles(uploading.id);
    // An unsaved live capture (its bytes are an upload) and a saved one.
    const [capture] = await t.db.insert(liveCaptures).values({ orgId: o.org.id, userId: person.id }).returning();
    const captureFiles = uploadFiles(capture!.id);
    await t.db.insert(liveCaptures).values({ orgId: o.org.id, userId: person.id, recordingId: mine.id, complete: true });

    // Feedback they received, and what they wrote on the peer's recording.
    await t.db.insert(feedback).values([
      { recordingId: mine.id, groupId: o.group.id, userId: o.coach.id, kind: 'comment', comment: 'Good pace', isManager: true },
      { recordingId: mine.id, groupId: o.group.id, userId: peer.id, kind: 'score', scoreOverall: 4 },
      { recordingId: mine.id, groupId: o.group.id, userId: person.id, kind: 'comment', comment: 'Note to self' },
      { recordingId: peerRec.id, groupId: o.group.id, userId: person.id, kind: 'comment', comment: `Loved it ${mark}` },
      { recordingId: peerRec.id, groupId: o.group.id, userId: person.id, kind: 'score', scoreOverall: 5, scoreDelivery: 4 },
    ]);
    // Sessions and keys, resets, hub identity, Zoom, notices (theirs and others' naming them).
    await t.db
      .insert(apiKeys)
      .values({ userId: person.id, keyHash: `k-${mark}`, kind: 'auto', expiresAt: new Date(Date.now() + 3600_000) });
    await t.db.insert(passwordResets).values({ userId: person.id, tokenHash: `r-${mark}`, expiresAt: new Date(Date.now() + 3600_000) });
    await t.db.insert(hubIdentities).values({ issuer: 'https://hub.example', subject: `sub-${mark}`, userId: person.id });
    await t.db.insert(zoomConnections).values({ userId: person.id, accessToken: 'a', refreshToken: 'b', expiresAt: new Date() });
    await t.db.insert(notices).values([
      { userId: person.id, kind: 'comment', actorName: 'coach Person', title: `Pitch ${mark}`, recordingId: mine.id },
      { userId: peer.id, kind: 'comment', actorName: name, title: 'Peer talk', recordingId: peerRec.id },
    ]);
    await t.db
      .insert(shareLinks)
      .values({ recordingId: mine.id, createdBy: person.id, tokenHash: `s-${mark}`, expiresAt: new Date(Date.now() + 3600_000) });
    // Assignments: a reminder, a private template of theirs, a user target.
    const { assignment } = await insertAssignment(t.db, o.coach, o.group.id, { userTargets: [person.id] });
    await t.db.insert(assignmentReminders).values({ assignmentId: assignment.id, userId: person.id, dueAt: new Date() });
    const { assignment: template } = await insertAssignment(t.db, { id: person.id, orgId: o.org.id }, o.group.id, {
      isTemplate: true,
      name: `Mine ${mark}`,
    });
    await t.db.insert(accessReminders).values({ userId: person.id, groupId: o.group.id, expiresAt: new Date() });
    await t.db
      .insert(wordspottingLists)
      .values({ orgId: o.org.id, scope: 'user', userId: person.id, algorithm: 'rostrum-default', words: ['um'] });
    // Invites: the one they came by (holds their email) and one they sent (kept, inviter gone).
    await t.db
      .insert(invites)
      .values({ orgId: o.org.id, email, roles: [{ groupId: o.group.id, roles: ['speaker'] }], acceptedAt: new Date() });
    const [sent] = await t.db
      .insert(invites)
      .values({
        orgId: o.org.id,
        email: `friend-${mark}@example.test`,
        roles: [{ groupId: o.group.id, roles: ['speaker'] }],
        createdBy: person.id,
      })
      .returning();
    await t.db.insert(rateLimits).values({ key: `sign-in:pair:${email} 10.0.0.1`, hits: 1 });

    const seatsBefore = await t.db.select().from(memberships).where(eq(memberships.groupId, o.group.id));
    expect(seatsBefore.some((m) => m.userId === person.id)).toBe(true);

    // The scan finds what was seeded (so its empty answer afterwards means something).
    const needles = [person.id, email, name, mine.id, mine2.id, uploading.id, capture!.id, template.id];
    const before = await rowsHolding(needles);
    for (const where of [
      'users.id',
      'feedback.user_id',
      'api_keys.user_id',
      'invites.email',
      'rate_limits.key',
      'notices.actor_name',
      'hub_identities.user_id',
    ])
      expect(
        before.some((h) => h.startsWith(`${where} `)),
        where,
      ).toBe(true);

    const res = await post('/me/delete', auth, confirm);
    expect(res.statusCode, res.body).toBe(200);
    const result = ZAccountDeletionResultSchema.parse(res.json().data);
    expect(result).toEqual({ deleted: true, recordingsRemoved: 3, feedbackAnonymised: 2 });
    await runFileJobs();

    // Row by row: nothing in any table holds their id, email, name, or their recordings' or capture's ids.
    expect(await rowsHolding(needles)).toEqual([]);

    // What stays: their comment and score on the peer's recording, without author, text kept.
    const kept = await t.db.select().from(feedback).where(eq(feedback.recordingId, peerRec.id));
    expect(kept.map((f) => [f.kind, f.userId, f.comment, f.scoreOverall]).sort()).toEqual([
      ['comment', null, `Loved it ${mark}`, null],
      ['score', null, null, 5],
    ]);
    // ... shown as from "Former member" to the peer.
    const shown = ZRecordingFeedbackSchema.parse(
      (await get(`/feedback?recordingId=${peerRec.id}`, await signInAs(t, peer.email))).json().data,
    );
    expect(shown.items.map((i) => [i.name, i.userId, i.comment])).toContainEqual([FORMER_MEMBER_NAME, null, `Loved it ${mark}`]);
    expect((await t.db.select().from(notices).where(eq(notices.userId, peer.id))).map((n) => n.actorName)).toEqual([FORMER_MEMBER_NAME]);
    // The audit row: no personal data, only the organisation, who did it and counts.
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.orgId, o.org.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      kind: 'account.deleted',
      actorKind: 'self',
      actorUserId: null,
      counts: { recordingsRemoved: 3, feedbackAnonymised: 2 },
    });
    // The invite they sent stays (pending for the friend), its inviter gone; the seat is free.
    expect((await t.db.select().from(invites).where(eq(invites.id, sent!.id)))[0]?.createdBy).toBeNull();
    expect((await t.db.select().from(memberships).where(eq(memberships.groupId, o.group.id))).map((m) => m.userId).sort()).toEqual(
      seatsBefore
        .map((m) => m.userId)
        .filter((id) => id !== person.id)
        .sort(),
    );
    // Others' things are untouched: the assignment, the peer's recording and its files.
    expect(await t.db.select().from(assignments).where(eq(assignments.id, assignment.id))).toHaveLength(1);
    expect(existsSync(peerDir)).toBe(true);

    // File by file: their media folders and uploads are gone.
    for (const dir of myDirs) expect(existsSync(dir), dir).toBe(false);
    for (const f of [...uploadingFiles, ...captureFiles]) expect(existsSync(f), f).toBe(false);

    // Signed out, and they cannot sign in again.
    expect((await get('/me', auth)).statusCode).toBe(401);
    const again = await post('/auth/sign-in', undefined, { email, password: PASSWORD });
    expect(again.statusCode).toBe(401);
  }, 60_000);
});

describe('POST me/delete: refusals', () => {
  it('anonymous: 401', async () => {
    expect((await post('/me/delete', undefined, confirm)).statusCode).toBe(401);
  });

  it('a wrong confirmation, a wrong or missing password: 400, and nothing is deleted', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.speaker.email);
    const wrongWord = await post('/me/delete', auth, { password: PASSWORD, confirmation: 'delete' });
    expect([wrongWord.statusCode, code(wrongWord)]).toEqual([400, ERROR_CODES.accountConfirmationWrong]);
    const wrongPassword = await post('/me/delete', auth, { password: 'not-it', confirmation: 'DELETE' });
    expect([wrongPassword.statusCode, code(wrongPassword)]).toEqual([400, ERROR_CODES.authCurrentPasswordWrong]);
    const noPassword = await post('/me/delete', auth, { confirmation: 'DELETE' });
    expect([noPassword.statusCode, code(noPassword)]).toEqual([400, ERROR_CODES.accountPasswordNeeded]);
    expect((await post('/me/delete', auth, { ...confirm, extra: 1 })).statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.id, o.speaker.id))).toHaveLength(1);
    expect((await get('/me', auth)).statusCode).toBe(200);
  });

  it('a hub account without a password: a sign-in of the last 10 minutes stands in for it, an older one does not', async () => {
    const o = await makeOrg(t.db);
    await t.db.insert(hubIdentities).values([
      { issuer: 'https://hub.example', subject: `s-${o.speaker.id}`, userId: o.speaker.id },
      { issuer: 'https://hub.example', subject: `c-${o.coach.id}`, userId: o.coach.id },
    ]);
    const stale = await signInAs(t, o.coach.email);
    await t.db
      .update(apiKeys)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(apiKeys.userId, o.coach.id));
    const refused = await post('/me/delete', stale, { confirmation: 'DELETE' });
    expect([refused.statusCode, code(refused)]).toEqual([400, ERROR_CODES.accountPasswordNeeded]);
    const fresh = await signInAs(t, o.speaker.email);
    const res = await post('/me/delete', fresh, { confirmation: 'DELETE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, o.speaker.id))).toHaveLength(0);
  });

  it('the last org admin while others remain: 409; once another admin exists: 200', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.admin.email);
    const res = await post('/me/delete', auth, confirm);
    expect([res.statusCode, code(res)]).toEqual([409, ERROR_CODES.accountLastAdmin]);
    await t.db
      .update(users)
      .set({ orgRoles: ['admin', 'manager'] })
      .where(eq(users.id, o.coach.id));
    expect((await post('/me/delete', auth, confirm)).statusCode).toBe(200);
  });
});

describe('POST users/{userId}/delete (org admins)', () => {
  it('deletes a member on request: same removal, audit actor admin with the admin id', async () => {
    const o = await makeOrg(t.db);
    const rec = await insertDoneRecording(t.db, { id: o.speaker.id, orgId: o.org.id }, o.group.id);
    const dir = mediaFolderWithFiles(rec.id);
    const admin = await signInAs(t, o.admin.email);
    const list = ZAdminUserListSchema.parse((await get('/users', admin)).json().data);
    expect(list.users.find((u) => u.userId === o.speaker.id)?.abilities.canDelete).toBe(true);
    expect(list.users.find((u) => u.userId === o.admin.id)?.abilities.canDelete).toBe(false);
    const res = await post(`/users/${o.speaker.id}/delete`, admin, confirm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ deleted: true, recordingsRemoved: 1, feedbackAnonymised: 0 });
    await runFileJobs();
    expect(existsSync(dir)).toBe(false);
    expect(await rowsHolding([o.speaker.id, o.speaker.email, rec.id])).toEqual([]);
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.orgId, o.org.id));
    expect(audit).toMatchObject({ actorKind: 'admin', actorUserId: o.admin.id, counts: { recordingsRemoved: 1 } });
  }, 60_000);

  it('refuses: another organisation 404, coach and speaker 403, wrong password or confirmation 400, oneself 400', async () => {
    const o = await makeOrg(t.db);
    const other = await makeOrg(t.db);
    const admin = await signInAs(t, o.admin.email);
    const target = `/users/${o.speaker.id}/delete`;
    expect((await post(`/users/${other.speaker.id}/delete`, admin, confirm)).statusCode).toBe(404);
    expect((await post(target, await signInAs(t, o.coach.email), confirm)).statusCode).toBe(403);
    const peer = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
    expect((await post(target, await signInAs(t, peer.email), confirm)).statusCode).toBe(403);
    expect((await post(target, await signInAs(t, other.admin.email), confirm)).statusCode).toBe(404);
    const wrongPassword = await post(target, admin, { password: 'nope', confirmation: 'DELETE' });
    expect([wrongPassword.statusCode, code(wrongPassword)]).toEqual([400, ERROR_CODES.authCurrentPasswordWrong]);
    const wrongWord = await post(target, admin, { password: PASSWORD, confirmation: o.speaker.email });
    expect([wrongWord.statusCode, code(wrongWord)]).toEqual([400, ERROR_CODES.accountConfirmationWrong]);
    expect((await post(target, admin, { confirmation: 'DELETE' })).statusCode).toBe(400);
    expect((await post(`/users/${o.admin.id}/delete`, admin, confirm)).statusCode).toBe(400);
    expect((await post('/users/not-an-id/delete', admin, confirm)).statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.id, o.speaker.id))).toHaveLength(1);
  });
});
