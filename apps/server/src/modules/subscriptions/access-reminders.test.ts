import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessReminders, cardSubscriptions, memberships, users } from '../../db/schema.js';
import { addMember, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { vocabulary } from '@rostrum/contract';
import { accessEndingMail, reminderDate } from './access-reminder-mail.js';
import { handleAccessReminders } from './access-reminders.job.js';

// The reminder 7 days before a speaker's access ends: one email per membership and expiry, only
// for memberships the subscription page offers Renew for, honouring the user's switch.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const DAY = 24 * 3600 * 1000;
const inDays = (days: number, from = Date.now()) => new Date(from + days * DAY);
const log = pino({ level: 'silent' });
const run = (now?: Date) => handleAccessReminders({ db: t.db, config: t.config, queue: t.queue, log }, now);

/** Runs the job, delivers the mail it enqueued, and answers the reminders `email` received. */
async function remindersTo(email: string, now?: Date) {
  await run(now);
  await t.deliverMail();
  return t.mailer.sent.filter((m) => m.to === email && m.subject.startsWith('Your access to'));
}

const setExpiry = (userId: string, groupId: string, values: Partial<typeof memberships.$inferInsert>) =>
  t.db
    .update(memberships)
    .set(values)
    .where(and(eq(memberships.userId, userId), eq(memberships.groupId, groupId)));

/** An organisation whose speaker's access to its group ends in `days` days. */
async function speakerEndingIn(days: number, opts: { type?: 'edu' | 'other' } = {}) {
  const o = await makeOrg(t.db, { ...opts, freeYears: 1 });
  await setExpiry(o.speaker.id, o.group.id, { expiresAt: inDays(days) });
  return o;
}

describe('access-reminders job', () => {
  it('a speaker whose access ends in 5 days gets one reminder, however often the job runs', async () => {
    const o = await speakerEndingIn(5);
    expect(await remindersTo(o.speaker.email)).toHaveLength(1);
    expect(await remindersTo(o.speaker.email)).toHaveLength(1);
    const rows = await t.db.select().from(accessReminders).where(eq(accessReminders.userId, o.speaker.id));
    expect(rows).toHaveLength(1);
  });

  it('two runs racing send one reminder', async () => {
    const o = await speakerEndingIn(3);
    await Promise.all([run(), run(), run()]);
    await t.deliverMail();
    expect(t.mailer.sent.filter((m) => m.to === o.speaker.email)).toHaveLength(1);
  });

  it('nothing for access ending in 10 days, already ended, or perpetual', async () => {
    const later = await speakerEndingIn(10);
    expect(await remindersTo(later.speaker.email)).toEqual([]);
    const ended = await speakerEndingIn(-1);
    expect(await remindersTo(ended.speaker.email)).toEqual([]);
    // Perpetual: a 15-year free duration counted from the membership's start, ending soon.
    const perpetual = await speakerEndingIn(5);
    await setExpiry(perpetual.speaker.id, perpetual.group.id, { startDate: new Date(inDays(5).getTime() - 15 * 366 * DAY) });
    expect(await remindersTo(perpetual.speaker.email)).toEqual([]);
  });

  it('nothing for coaches, a speaker who also coaches the group, or a deactivated membership', async () => {
    const o = await speakerEndingIn(5);
    await setExpiry(o.coach.id, o.group.id, { expiresAt: inDays(5) });
    const both = await addMember(t.db, o.org.id, o.group.id, ['speaker', 'manager']);
    await setExpiry(both.id, o.group.id, { expiresAt: inDays(5) });
    const deactivated = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
    await setExpiry(deactivated.id, o.group.id, { expiresAt: inDays(5), status: 'inactive', roles: [], expiredRoles: ['speaker'] });
    expect(await remindersTo(o.coach.email)).toEqual([]);
    expect(await remindersTo(both.email)).toEqual([]);
    expect(await remindersTo(deactivated.email)).toEqual([]);
    expect(await remindersTo(o.speaker.email)).toHaveLength(1);
  });

  it('nothing while an auto-renewing card subscription covers the group; a reminder once it ended', async () => {
    const o = await speakerEndingIn(5);
    const sub = { id: `sub_${o.speaker.id}`, provider: 'stripe', orgId: o.org.id, userId: o.speaker.id, groupId: o.group.id };
    await t.db.insert(cardSubscriptions).values(sub);
    expect(await remindersTo(o.speaker.email)).toEqual([]);
    await t.db.update(cardSubscriptions).set({ endedAt: new Date() }).where(eq(cardSubscriptions.id, sub.id));
    expect(await remindersTo(o.speaker.email)).toHaveLength(1);
  });

  it('nothing for a speaker who turned reminders off, or who unsubscribed from all emails', async () => {
    const o = await speakerEndingIn(5);
    const auth = await signInAs(t, o.speaker.email);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/email-preferences/access-reminders',
      headers: { authorization: auth },
      payload: { enabled: false },
    });
    expect(off.json().data).toEqual({ enabled: false });
    expect(await remindersTo(o.speaker.email)).toEqual([]);

    const other = await speakerEndingIn(5);
    const [u] = await t.db.select().from(users).where(eq(users.id, other.speaker.id));
    const unsub = await t.app.inject({ method: 'POST', url: '/api/v1/unsubscribe', payload: { unsubscribeCode: u!.unsubscribeCode } });
    expect(unsub.statusCode, unsub.body).toBe(200);
    expect(await remindersTo(other.speaker.email)).toEqual([]);
  });

  it('a renewal that moves the expiry earns a new reminder when the new end comes near', async () => {
    const o = await speakerEndingIn(5);
    expect(await remindersTo(o.speaker.email)).toHaveLength(1);
    // Renewed for 30 days from the current expiry: nothing now, a second reminder 7 days before the new end.
    await setExpiry(o.speaker.id, o.group.id, { expiresAt: inDays(35) });
    expect(await remindersTo(o.speaker.email)).toHaveLength(1);
    const reminders = await remindersTo(o.speaker.email, inDays(30));
    expect(reminders).toHaveLength(2);
    expect(await remindersTo(o.speaker.email, inDays(30))).toHaveLength(2);
  });

  it('the email names the group and the date, links to its subscription page, and carries the unsubscribe link', async () => {
    const o = await speakerEndingIn(5, { type: 'edu' });
    const [mail] = await remindersTo(o.speaker.email);
    const [u] = await t.db.select().from(users).where(eq(users.id, o.speaker.id));
    expect(mail!.subject).toBe(`Your access to Group A ends on ${reminderDate(inDays(5))}`);
    expect(mail!.text).toContain(`Your access to the class Group A at ${o.org.name} ends on`);
    expect(mail!.text).toContain(`Renew: http://rostrum.test/subscription/${o.group.id}`);
    expect(mail!.text).toContain(`http://rostrum.test/unsubscribe/${u!.unsubscribeCode}`);
    expect(mail!.html).toContain(`<a href="http://rostrum.test/subscription/${o.group.id}"`);
    expect(mail!.html).toMatch(/>Renew<\/a>/);
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<http://rostrum.test/unsubscribe/${u!.unsubscribeCode}>` });
  });

  it('says the date and time in UTC, with the organisation vocabulary, and escapes names in the HTML', () => {
    const to = { email: 'sam@example.test', firstName: 'Sam', unsubscribeCode: 'code-1' };
    const access = { groupId: 'g-1', groupName: 'Debate <A>', orgName: 'Northwind', expiresAt: new Date('2026-12-03T15:30:00Z') };
    const mail = accessEndingMail('https://app.test', to, access, vocabulary('other'));
    expect(mail.subject).toBe('Your access to Debate <A> ends on December 3, 2026');
    expect(mail.text).toContain('Your access to the group Debate <A> at Northwind ends on December 3, 2026 at 15:30 UTC.');
    expect(mail.text).toContain('Renew: https://app.test/subscription/g-1');
    expect(mail.html).toContain('Debate &lt;A&gt;');
    expect(mail.html).not.toContain('<A>');
  });
});

describe('the access reminder switch (GET email-preferences, PUT email-preferences/access-reminders)', () => {
  const settingsOf = async (auth: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/email-preferences', headers: { authorization: auth } })).json().data;
  const put = (auth: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/email-preferences/access-reminders',
      headers: auth ? { authorization: auth } : {},
      payload: payload as object,
    });

  it('is offered to a speaker with access to renew, not to coaches, admins or perpetual speakers; on by default', async () => {
    const o = await speakerEndingIn(60);
    expect((await settingsOf(await signInAs(t, o.speaker.email))).accessReminders).toEqual({ enabled: true, offered: true });
    expect((await settingsOf(await signInAs(t, o.coach.email))).accessReminders).toEqual({ enabled: true, offered: false });
    expect((await settingsOf(await signInAs(t, o.admin.email))).accessReminders.offered).toBe(false);
    const perpetual = await makeOrg(t.db);
    expect((await settingsOf(await signInAs(t, perpetual.speaker.email))).accessReminders.offered).toBe(false);
  });

  it('saves the switch for the caller only, and refuses a bad body or no sign-in', async () => {
    const o = await speakerEndingIn(60);
    const auth = await signInAs(t, o.speaker.email);
    expect((await put(auth, { enabled: false })).json().data).toEqual({ enabled: false });
    expect((await settingsOf(auth)).accessReminders).toEqual({ enabled: false, offered: true });
    const [coach] = await t.db.select().from(users).where(eq(users.id, o.coach.id));
    expect(coach!.accessReminders).toBe(true);
    expect((await put(auth, { enabled: true })).json().data).toEqual({ enabled: true });

    const bad = await put(auth, { enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].status).toBe(400);
    expect((await put(auth, {})).statusCode).toBe(400);
    expect((await put(undefined, { enabled: false })).statusCode).toBe(401);
  });
});
