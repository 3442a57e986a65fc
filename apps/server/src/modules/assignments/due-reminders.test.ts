import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_PREFERENCES, noticeText, type TOrgSettings } from '@rostrum/contract';
import { assignmentReminders, assignments, notices, organisations, users } from '../../db/schema.js';
import { addMember, insertAssignment, insertDoneRecording, makeOrg, startTestApp, type TTestApp } from '../../test/harness.js';
import { handleDueReminders } from './due-reminders.job.js';

// The reminder a day before an assignment is due (issue 41 item 8): one notice and, where the
// speaker's settings take assignment emails, one email per speaker who has not completed it;
// none twice, none for assignments without a due date, already past or more than a day away.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const HOUR = 3600 * 1000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR);
const log = pino({ level: 'silent' });
const run = (now?: Date) => handleDueReminders({ db: t.db, config: t.config, queue: t.queue, log }, now);
const MAIL_ON: TOrgSettings = { Assignments: true, Email_Notifications_For_Speakers: true };

const reminderNotices = (userId: string) =>
  t.db
    .select()
    .from(notices)
    .where(and(eq(notices.userId, userId), eq(notices.kind, 'assignmentDue')));

/** Runs the job, delivers the mail it enqueued, and answers the reminders `email` received. */
async function remindersTo(email: string, now?: Date) {
  await run(now);
  await t.deliverMail();
  return t.mailer.sent.filter((m) => m.to === email && m.subject.startsWith('Reminder:'));
}

/**
 * A group with an assignment due in `hours` hours and three speakers: the org's speaker (nothing
 * handed in), `done` (one recording, which completes an assignment without criteria) and `quiet`
 * (who turned assignment emails off).
 */
async function dueIn(hours: number | null, opts: { settings?: TOrgSettings; type?: 'edu' | 'other'; archived?: boolean } = {}) {
  const o = await makeOrg(t.db, { settings: opts.settings ?? MAIL_ON, type: opts.type });
  const { assignment } = await insertAssignment(t.db, o.coach, o.group.id, { name: 'Elevator Pitch', archived: opts.archived });
  if (hours !== null)
    await t.db
      .update(assignments)
      .set({ dueAt: inHours(hours) })
      .where(eq(assignments.id, assignment.id));
  const done = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  await insertDoneRecording(t.db, done, o.group.id, { assignmentId: assignment.id });
  const quiet = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  await t.db
    .update(users)
    .set({ emailPreferences: { ...DEFAULT_EMAIL_PREFERENCES, assignmentReceivedFrequency: '0' } })
    .where(eq(users.id, quiet.id));
  return { ...o, assignment, done, quiet };
}

describe('assignment-due-reminders job', () => {
  it('one notice and one email per incomplete speaker within 24 h; the second run sends nothing', async () => {
    const s = await dueIn(10);
    const mails = await remindersTo(s.speaker.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Reminder: "Elevator Pitch" is due \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/);
    expect(mails[0]!.text).toContain('Reminder: “Elevator Pitch” is due');
    expect(mails[0]!.text).toContain(`http://rostrum.test/assignment/details/${s.assignment.id}`);
    expect(mails[0]!.text).toContain('your group Group A');
    const [n, ...more] = await reminderNotices(s.speaker.id);
    expect(more).toEqual([]);
    expect(n).toMatchObject({ title: 'Elevator Pitch', assignmentId: s.assignment.id });
    expect(noticeText({ kind: 'assignmentDue', actorName: null, title: n!.title, detail: n!.detail })).toBe(
      `Reminder: “Elevator Pitch” is due ${n!.detail}.`,
    );

    // Again, later within the window: nothing new for anyone.
    expect(await remindersTo(s.speaker.email, inHours(2))).toHaveLength(1);
    expect(await reminderNotices(s.speaker.id)).toHaveLength(1);
    const rows = await t.db.select().from(assignmentReminders).where(eq(assignmentReminders.assignmentId, s.assignment.id));
    expect(rows.map((r) => r.userId).sort()).toEqual([s.speaker.id, s.quiet.id].sort());
  });

  it('nothing for a speaker who completed it; a notice but no email for one whose assignment emails are off', async () => {
    const s = await dueIn(5);
    await run();
    await t.deliverMail();
    expect(await reminderNotices(s.done.id)).toEqual([]);
    expect(t.mailer.sent.filter((m) => m.to === s.done.email)).toEqual([]);
    expect(await reminderNotices(s.quiet.id)).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => m.to === s.quiet.email)).toEqual([]);
  });

  it('the organisation turning speaker emails off leaves the notice and sends no email', async () => {
    const s = await dueIn(5, { settings: { Assignments: true } });
    expect(await remindersTo(s.speaker.email)).toEqual([]);
    expect(await reminderNotices(s.speaker.id)).toHaveLength(1);
  });

  it('nothing without a due date, for one already past, one more than a day away, or an archived one', async () => {
    for (const s of [await dueIn(null), await dueIn(-1), await dueIn(30), await dueIn(5, { archived: true })]) {
      expect(await remindersTo(s.speaker.email)).toEqual([]);
      expect(await reminderNotices(s.speaker.id)).toEqual([]);
      expect(await reminderNotices(s.quiet.id)).toEqual([]);
    }
  });

  it('nothing while the organisation has Assignments off', async () => {
    const s = await dueIn(5, { settings: { Email_Notifications_For_Speakers: true } });
    expect(await remindersTo(s.speaker.email)).toEqual([]);
    expect(await reminderNotices(s.speaker.id)).toEqual([]);
  });

  it('two runs racing remind once', async () => {
    const s = await dueIn(3);
    await Promise.all([run(), run(), run()]);
    await t.deliverMail();
    expect(t.mailer.sent.filter((m) => m.to === s.speaker.email)).toHaveLength(1);
    expect(await reminderNotices(s.speaker.id)).toHaveLength(1);
  });

  it("a due date moved later reminds again for the new date; the time reads in the organisation's zone and words", async () => {
    const s = await dueIn(4, { type: 'edu' });
    await t.db.update(organisations).set({ timeZone: 'America/New_York' }).where(eq(organisations.id, s.org.id));
    const first = await remindersTo(s.speaker.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toMatch(/ E[SD]T$/);
    expect(first[0]!.text).toContain('your class Group A');
    await t.db
      .update(assignments)
      .set({ dueAt: inHours(20) })
      .where(eq(assignments.id, s.assignment.id));
    expect(await remindersTo(s.speaker.email)).toHaveLength(2);
    expect(await reminderNotices(s.speaker.id)).toHaveLength(2);
  });
});
