import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { users } from '../db/schema.js';
import { CapturingMailer, makeOrg, startTestApp, type TTestApp } from '../test/harness.js';
import { startQueue } from '../jobs/queue.js';
import { SEND_EMAIL, SEND_EMAIL_RETRY } from './mail.jobs.js';

// The send-email job: every email is enqueued in the transaction of the change that causes it
// and sent by a worker, with retries while the transport fails.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

let n = 0;
const address = (what: string) => `${what}-${Date.now().toString(36)}-${n++}@example.test`;
const mail = (to: string) => ({ to, subject: 'A notice', text: 'Hello,\n\nSomething happened.' });

interface TJobRow {
  state: string;
  retry_count: number;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  wait: number;
}

/** The send-email jobs addressed to `to`, with how many seconds each still waits to start. */
async function jobsTo(to: string): Promise<TJobRow[]> {
  const res = await t.db.execute(
    sql`select state, retry_count, retry_limit, retry_delay, retry_backoff, extract(epoch from start_after - now())::float as wait
        from pgboss.job where name = ${SEND_EMAIL} and data->>'to' = ${to}`,
  );
  return (res as unknown as { rows: TJobRow[] }).rows;
}

const sentTo = (to: string) => t.mailer.sent.filter((m) => m.to === to);

describe('send-email', () => {
  it('a mail enqueued with a change that rolls back is never sent; one that commits is', async () => {
    const { speaker } = await makeOrg(t.db);
    const lost = address('rolled-back');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(users).set({ firstName: 'Changed' }).where(eq(users.id, speaker.id));
        await t.queue.enqueueEmail(tx, mail(lost));
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    const kept = address('committed');
    await t.db.transaction(async (tx) => {
      await tx.update(users).set({ firstName: 'Changed' }).where(eq(users.id, speaker.id));
      await t.queue.enqueueEmail(tx, mail(kept));
    });
    await t.deliverMail();
    expect(await jobsTo(lost)).toEqual([]);
    expect(sentTo(lost)).toEqual([]);
    expect(sentTo(kept)).toEqual([mail(kept)]);
    expect((await jobsTo(kept)).map((j) => j.state)).toEqual(['completed']);
  });

  it('a transport failure is tried again after a delay, then the mail is sent once', async () => {
    const to = address('retried');
    await t.db.transaction((tx) => t.queue.enqueueEmail(tx, mail(to)));
    t.mailer.down = true;
    try {
      expect(await t.deliverMail()).toBe(1);
      // Not due again at once: the retry waits at least its delay (30 s, doubling).
      expect(await t.deliverMail()).toBe(0);
    } finally {
      t.mailer.down = false;
    }
    const [job] = await jobsTo(to);
    expect(job).toMatchObject({
      state: 'retry',
      retry_limit: SEND_EMAIL_RETRY.retryLimit,
      retry_delay: SEND_EMAIL_RETRY.retryDelay,
      retry_backoff: true,
    });
    expect(SEND_EMAIL_RETRY.retryLimit + 1).toBe(5);
    expect(job!.wait).toBeGreaterThan(SEND_EMAIL_RETRY.retryDelay - 5);
    expect(sentTo(to)).toEqual([]);
    expect(await t.deliverMail({ retriesDue: true })).toBe(1);
    expect(sentTo(to)).toEqual([mail(to)]);
    expect((await jobsTo(to)).map((j) => j.state)).toEqual(['completed']);
  });

  it('logs every failed try, the last one as an error, and then stops trying', async () => {
    const to = address('undeliverable');
    await t.db.transaction((tx) => t.queue.enqueueEmail(tx, mail(to)));
    const loggedBefore = t.logged.length;
    const attemptsBefore = t.mailer.attempts;
    t.mailer.down = true;
    try {
      for (let i = 0; i <= SEND_EMAIL_RETRY.retryLimit; i++) expect(await t.deliverMail({ retriesDue: true })).toBe(1);
      expect(await t.deliverMail({ retriesDue: true })).toBe(0);
    } finally {
      t.mailer.down = false;
    }
    expect(t.mailer.attempts - attemptsBefore).toBe(5);
    expect((await jobsTo(to)).map((j) => j.state)).toEqual(['failed']);
    const logged = t.logged.slice(loggedBefore).filter((l) => l.job === SEND_EMAIL);
    expect(logged.map((l) => [l.level, l.msg])).toEqual([
      ...Array.from({ length: 4 }, () => [40, 'job failed; it will be tried again']),
      [50, 'job failed its last try'],
    ]);
    expect(logged.at(-1)).toMatchObject({ try: 5, tries: 5, err: { message: expect.stringContaining('ECONNREFUSED') } });
  });

  it('a worker sends queued mail by itself', async () => {
    const to = address('by-worker');
    await t.db.transaction((tx) => t.queue.enqueueEmail(tx, mail(to)));
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: '' });
    const log = pino({ level: 'silent' });
    const queue = await startQueue(database, t.config, log);
    const mailer = new CapturingMailer();
    try {
      await queue.startWorkers({ db: database.db, config: t.config, storage: t.storage, log, mailer });
      const until = Date.now() + 15_000;
      while (!mailer.last(to) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(mailer.sent.filter((m) => m.to === to)).toEqual([mail(to)]);
    } finally {
      await queue.stop();
      await database.close();
    }
  });

  it('refuses to enqueue a malformed mail, and the change rolls back with it', async () => {
    const { speaker } = await makeOrg(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(users).set({ firstName: 'Never' }).where(eq(users.id, speaker.id));
        await t.queue.enqueueEmail(tx, { to: speaker.email, subject: '', text: 'no subject' });
      }),
    ).rejects.toThrow();
    const [u] = await t.db.select().from(users).where(eq(users.id, speaker.id));
    expect(u!.firstName).not.toBe('Never');
  });
});
