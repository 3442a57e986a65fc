import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_INVITE_MAX, ERROR_CODES, PSEUDO_GROUP_ID } from '@rostrum/contract';
import { invites, memberships, organisations, users } from '../../db/schema.js';
import { addGroup, addMember, apiCaller, makeOrg, signInAs, signUpBody, startTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const call = apiCaller(() => t);
const bulk = (auth: string, body: unknown) => call('POST', '/invites/bulk', auth, body);
const errorOf = (res: { json: () => { errors: { message: string; status: number; code: string }[] } }) => res.json().errors[0]!;

let n = 0;
const freshEmail = (tag = 'invitee') => `${tag}-${Date.now().toString(36)}-${n++}@example.test`;
const invitesTo = (emails: string[]) => t.db.select().from(invites).where(inArray(invites.email, emails));
/** The mails the send-email job delivered to these addresses, after delivering what is due. */
async function mailsTo(emails: string[]) {
  await t.deliverMail();
  return t.mailer.sent.filter((m) => emails.includes(m.to));
}

describe('POST invites/bulk', () => {
  it('an admin invites the new addresses; a repeat and a member are reported, not invited; the invitee signs up as a speaker', async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.admin.email);
    const [ada, grace] = [freshEmail('ada'), freshEmail('grace')];
    const res = await bulk(auth, {
      groupId: o.group.id,
      invitees: [
        { email: ada.toUpperCase(), firstName: 'Ada', lastName: 'Lovelace' },
        { email: grace },
        { email: ` ${ada} `, firstName: 'Again' },
        { email: o.speaker.email, firstName: 'Sam' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      invited: 2,
      skipped: 2,
      rows: [
        { email: ada, firstName: 'Ada', lastName: 'Lovelace', result: 'invited', reason: null },
        { email: grace, firstName: null, lastName: null, result: 'invited', reason: null },
        { email: ada, firstName: 'Again', lastName: null, result: 'skipped', reason: 'duplicate' },
        { email: o.speaker.email, firstName: 'Sam', lastName: null, result: 'skipped', reason: 'member' },
      ],
    });

    const stored = await invitesTo([ada, grace, o.speaker.email]);
    expect(stored.map((i) => i.email).sort()).toEqual([ada, grace].sort());
    for (const i of stored) {
      expect(i).toMatchObject({
        orgId: o.org.id,
        roles: [{ groupId: o.group.id, roles: ['speaker'] }],
        createdBy: o.admin.id,
        acceptedAt: null,
      });
    }
    const mails = await mailsTo([ada, grace, o.speaker.email]);
    expect(mails.map((m) => m.to).sort()).toEqual([ada, grace].sort());
    const adaMail = mails.find((m) => m.to === ada)!;
    expect(adaMail.subject).toBe(`You are invited to join ${o.org.name} on Rostrum`);
    expect(adaMail.text).toMatch(/^Hello Ada Lovelace,\n/);
    expect(adaMail.text).toContain('admin Person invited you');
    expect(adaMail.text).toContain('  - Speaker: Group A');
    expect(mails.find((m) => m.to === grace)!.text).toMatch(/^Hello,\n/);
    // The admin sees them on Pending Invites.
    const pending = (await call('GET', '/invites', auth)).json().data.map((i: { email: string }) => i.email);
    expect(pending.sort()).toEqual([ada, grace].sort());

    // The link opens sign-up with the invite; the new account is a speaker of the group.
    const inviteId = adaMail.text.match(/http:\/\/rostrum\.test\/join\?invite=([0-9a-f-]+)/)![1]!;
    expect(inviteId).toBe(stored.find((i) => i.email === ada)!.id);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: signUpBody('', { inviteCode: undefined, inviteId, email: ada }),
    });
    expect(signUp.statusCode).toBe(200);
    const [m] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, signUp.json().data.userId), eq(memberships.groupId, o.group.id)));
    expect(m).toMatchObject({ roles: ['speaker'], status: 'active' });
    // Now a member: a second batch reports it so.
    const again = await bulk(auth, { groupId: o.group.id, invitees: [{ email: ada }, { email: grace }] });
    expect(again.json().data.rows.map((r: { reason: string }) => r.reason)).toEqual(['member', 'pending']);
  });

  it('reports every reason; an address of another organisation is answered like a free one', async () => {
    const o = await makeOrg(t.db);
    const other = await makeOrg(t.db);
    const elsewhere = await addGroup(t.db, o.org.id);
    const speakerElsewhere = await addMember(t.db, o.org.id, elsewhere.id, ['speaker']);
    const auth = await signInAs(t, o.admin.email);
    const pendingEmail = freshEmail('pending');
    await call('POST', '/invites', auth, { email: pendingEmail, roles: [{ groupId: o.group.id, roles: ['manager'] }] });
    const free = freshEmail('free');
    const res = await bulk(auth, {
      groupId: o.group.id,
      invitees: [
        { email: 'not-an-email', firstName: 'Typo' },
        { email: '' },
        { email: freshEmail('long'), firstName: 'x'.repeat(51) },
        { email: o.coach.email },
        { email: pendingEmail },
        { email: speakerElsewhere.email },
        { email: o.admin.email },
        { email: other.coach.email, firstName: 'Casey' },
        { email: free, firstName: 'Casey' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.rows.map((r: { result: string; reason: string | null }) => r.reason ?? r.result)).toEqual([
      'invalid-email',
      'invalid-email',
      'name-too-long',
      'coach',
      'pending',
      'account',
      'account',
      'invited',
      'invited',
    ]);
    expect(data).toMatchObject({ invited: 2, skipped: 7 });
    expect(data.rows[0]).toEqual({ email: 'not-an-email', firstName: 'Typo', lastName: null, result: 'skipped', reason: 'invalid-email' });
    // The row of the other organisation's address reads exactly like the free one's.
    const shape = (r: object) => Object.entries(r).filter(([k]) => k !== 'email');
    expect(shape(data.rows[7])).toEqual(shape(data.rows[8]));
    expect(await invitesTo([other.coach.email, free])).toHaveLength(2);
    const mails = await mailsTo([other.coach.email, free, o.coach.email, speakerElsewhere.email, o.admin.email]);
    expect(mails.map((m) => m.to).sort()).toEqual([other.coach.email, free].sort());
    expect(mails.find((m) => m.to === other.coach.email)!.text).toContain('already has a Rostrum account with another organization');
    expect(mails.find((m) => m.to === free)!.text).toContain('/join?invite=');
    // The pending coach invite is untouched, and not sent again.
    expect(await invitesTo([pendingEmail])).toHaveLength(1);
  });

  it("the group's coach may invite; a coach of another group, a speaker, an org-level manager and another organisation may not", async () => {
    const o = await makeOrg(t.db);
    const other = await makeOrg(t.db);
    const body = () => ({ groupId: o.group.id, invitees: [{ email: freshEmail() }] });

    const byCoach = await bulk(await signInAs(t, o.coach.email), body());
    expect(byCoach.statusCode).toBe(200);
    expect(byCoach.json().data.invited).toBe(1);
    const [inv] = await invitesTo([byCoach.json().data.rows[0].email]);
    expect(inv!.createdBy).toBe(o.coach.id);
    const mail = (await mailsTo([inv!.email]))[0]!;
    expect(mail.text).toContain('coach Person invited you');

    const sent: string[] = [];
    const refused = async (auth: string, status: number) => {
      const b = body();
      sent.push(b.invitees[0]!.email);
      const res = await bulk(auth, b);
      expect(res.statusCode).toBe(status);
      expect(errorOf(res).status).toBe(status);
    };
    // A group the caller has no link to is not found, as on every group call (the members list, the dashboard).
    const otherGroup = await addGroup(t.db, o.org.id);
    const otherCoach = await addMember(t.db, o.org.id, otherGroup.id, ['manager']);
    await refused(await signInAs(t, otherCoach.email), 404);
    await refused(await signInAs(t, o.speaker.email), 403);
    // A coach whose membership of the group ended coaches it no longer.
    await t.db.update(memberships).set({ status: 'inactive' }).where(eq(memberships.userId, o.coach.id));
    await refused(await signInAs(t, o.coach.email), 403);
    const manager = await addMember(t.db, o.org.id, otherGroup.id, ['speaker']);
    await t.db
      .update(users)
      .set({ orgRoles: ['manager'] })
      .where(eq(users.id, manager.id));
    await refused(await signInAs(t, manager.email), 403);
    await refused(await signInAs(t, other.admin.email), 404);
    await refused('', 401);
    await refused('Bearer nope-nope', 401);
    expect(await invitesTo(sent)).toEqual([]);
    expect(await mailsTo(sent)).toEqual([]);
    // The pseudo-group and an unknown group are not found.
    const adminAuth = await signInAs(t, o.admin.email);
    for (const groupId of [PSEUDO_GROUP_ID, '3f1c2b9e-8a4d-4c6e-9f00-123456789abc']) {
      expect((await bulk(adminAuth, { ...body(), groupId })).statusCode).toBe(404);
    }
  });

  it('refuses the whole batch when the new invites need more seats than are free: nothing is stored or sent', async () => {
    // Three seats, two in use: the group's speaker and one more.
    const o = await makeOrg(t.db, { settings: { seatLimit: 3 } });
    await addMember(t.db, o.org.id, o.group.id, ['speaker']);
    const auth = await signInAs(t, o.admin.email);
    const fresh = [freshEmail(), freshEmail(), freshEmail()];
    const res = await bulk(auth, {
      groupId: o.group.id,
      invitees: [...fresh.map((email) => ({ email })), { email: o.speaker.email }, { email: fresh[0]! }, { email: 'bad' }],
    });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toEqual({
      message: 'These 3 invites need 3 speaker seats; 1 is free. No invites were sent.',
      status: 402,
      code: ERROR_CODES.seatsLimitReached,
    });
    expect(await invitesTo(fresh)).toEqual([]);
    expect(await mailsTo(fresh)).toEqual([]);

    // Skipped rows need no seat: one new address fits.
    const fits = await bulk(auth, { groupId: o.group.id, invitees: [{ email: fresh[0]! }, { email: o.speaker.email }] });
    expect(fits.statusCode).toBe(200);
    expect(fits.json().data).toMatchObject({ invited: 1, skipped: 1 });
    // Pending invites hold no seat (the seat is taken at sign-up), so one more still fits; then the seats are full.
    expect((await bulk(auth, { groupId: o.group.id, invitees: [{ email: fresh[1]! }] })).statusCode).toBe(200);
    await addMember(t.db, o.org.id, o.group.id, ['speaker']);
    const full = await bulk(auth, { groupId: o.group.id, invitees: [{ email: fresh[2]! }] });
    expect(errorOf(full).message).toBe('This invite needs 1 speaker seat; none are free. No invites were sent.');
    // A batch with nothing to invite is answered, full or not.
    const none = await bulk(auth, { groupId: o.group.id, invitees: [{ email: o.speaker.email }] });
    expect(none.json().data).toMatchObject({ invited: 0, skipped: 1 });
  });

  it('a speaker invite needs a free duration, as for a single invite (400, nothing sent)', async () => {
    const o = await makeOrg(t.db, { freeYears: null });
    const email = freshEmail();
    const res = await bulk(await signInAs(t, o.admin.email), { groupId: o.group.id, invitees: [{ email }] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(
      'Speaker access to Group A can only be granted when the group or the organization has a free duration.',
    );
    expect(await invitesTo([email])).toEqual([]);
    // The organisation's free duration is enough.
    await t.db
      .update(organisations)
      .set({ settings: { freeDuration: { years: 1 } } })
      .where(eq(organisations.id, o.org.id));
    expect((await bulk(await signInAs(t, o.admin.email), { groupId: o.group.id, invitees: [{ email }] })).statusCode).toBe(200);
  });

  it(`refuses malformed bodies with 400; takes ${BULK_INVITE_MAX} rows at once`, async () => {
    const o = await makeOrg(t.db);
    const auth = await signInAs(t, o.admin.email);
    const row = { email: freshEmail() };
    for (const bad of [
      { groupId: o.group.id, invitees: row.email },
      { groupId: o.group.id, invitees: row },
      { groupId: o.group.id, invitees: [] },
      { groupId: o.group.id, invitees: Array(BULK_INVITE_MAX + 1).fill(row) },
      { groupId: o.group.id, invitees: [{ email: 42 }] },
      { groupId: o.group.id, invitees: [{ name: 'No address' }] },
      { groupId: o.group.id, invitees: [{ ...row, roles: ['manager'] }] },
      { groupId: 'not-an-id', invitees: [row] },
      { invitees: [row] },
      {},
    ]) {
      const res = await bulk(auth, bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 100)).toBe(400);
      expect(errorOf(res).code).toBe(ERROR_CODES.requestInvalid);
    }
    expect(await invitesTo([row.email])).toEqual([]);

    const many = Array.from({ length: BULK_INVITE_MAX }, (_, i) => ({ email: `many-${i}-${row.email}`, firstName: `N${i}` }));
    const started = Date.now();
    const res = await bulk(auth, { groupId: o.group.id, invitees: many });
    const ms = Date.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ invited: BULK_INVITE_MAX, skipped: 0 });
    expect(await invitesTo(many.map((m) => m.email))).toHaveLength(BULK_INVITE_MAX);
    console.log(`bulk invites: ${BULK_INVITE_MAX} invites stored and their emails enqueued in ${ms} ms`);
  });
});
