import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_EMAIL_PREFERENCES, scorecardQuestions, generateInviteCode, type TOrgSettings } from '@rostrum/contract';
import { buildApp } from '../app.js';
import type { TConfig } from '../config.js';
import { openDatabase, type TDb } from '../db/client.js';
import { assignmentTargets, assignments, groups, memberships, organisations, recordings, scorecards, users } from '../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import type { TMail, TMailer } from '../mail/mailer.js';
import { pino } from 'pino';
import { startQueue } from '../jobs/queue.js';
import type { TWorkerDeps } from '../jobs/job-types.js';
import { SEND_EMAIL } from '../mail/mail.jobs.js';
import { MediaStorage, type TMediaStorage } from '../storage/media-storage.js';
import { ADMIN_URL } from './admin-url.js';
import { logSerializers } from '../observability/log-serializers.js';
import type { TPaymentProvider } from '../payments/payment-provider.js';

// API integration tests run against the real PostgreSQL (admin-url.ts). Each test file gets a
// database of its own, copied from the run's migrated template (global-setup.ts), dropped at the end.

/**
 * Records every mail the send-email job hands it. Mail is sent by that job, not by the request:
 * call `t.deliverMail()` (or run a worker) before reading `sent`. Set `down` to make the
 * transport fail, as an unreachable SMTP server would; `attempts` counts every call.
 */
export class CapturingMailer implements TMailer {
  sent: TMail[] = [];
  attempts = 0;
  down = false;
  async send(mail: TMail) {
    this.attempts++;
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    this.sent.push(mail);
  }
  last(to: string): TMail | undefined {
    return this.sent.filter((m) => m.to === to).at(-1);
  }
}

export async function startTestApp(
  opts: {
    worker?: boolean;
    config?: Partial<TConfig>;
    payments?: TPaymentProvider;
    /** Media storage other than the local folders (e.g. a bucket); `storage` stays the local one. */
    mediaStorage?: (config: TConfig) => TMediaStorage;
  } = {},
) {
  const name = `rostrum_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  // A copy of the run's template (migrated, with the job queue's schema); migrated here otherwise.
  const template = inject('templateDatabase');
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  const mailer = new CapturingMailer();
  const config: TConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'rostrum-test-')),
    databaseUrl: url.toString(),
    publicUrl: 'http://rostrum.test',
    mailFrom: 'Rostrum <no-reply@rostrum.test>',
    logLevel: 'silent',
    urlFetchAllowHosts: [],
    jobPollSeconds: 0.5,
    jobExpireSeconds: 1800,
    workerConcurrency: 1,
    workerHeartbeatSeconds: 5,
    workerGoneSeconds: 20,
    trustProxy: [],
    corsAllowedOrigins: [],
    sentryEnvironment: 'test',
    ...opts.config,
  };
  // Warnings and errors of the queue and the jobs, kept for tests that check what is logged.
  const logged: { level: number; msg: string; job?: string; err?: { message: string } }[] = [];
  const log = pino({ level: 'warn', serializers: logSerializers }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  const queue = await startQueue(database, config, log);
  const storage = new MediaStorage(path.join(config.dataDir, 'media'));
  const mediaStorage = opts.mediaStorage?.(config) ?? storage;
  const workerDeps: TWorkerDeps = { db: database.db, config, storage: mediaStorage, log, mailer };
  if (opts.worker) {
    await queue.startWorkers(workerDeps);
  }
  const app = await buildApp({
    db: database.db,
    config,
    queue,
    storage: mediaStorage,
    mediaSecret: TEST_MEDIA_SECRET,
    payments: opts.payments ?? null,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    mailer,
    config,
    storage,
    mediaStorage,
    queue,
    logged,
    /**
     * Sends the mail waiting in the queue now, through the real send-email job (the handler and
     * retry rules a worker uses), and returns how many jobs ran. `retriesDue` first moves the
     * retries of failed tries to now, as if their delay had passed.
     */
    async deliverMail(opts: { retriesDue?: boolean } = {}) {
      if (opts.retriesDue) {
        await database.db.execute(sql`update pgboss.job set start_after = now() where name = ${SEND_EMAIL} and state = 'retry'`);
      }
      return queue.runDueJobs(SEND_EMAIL, workerDeps);
    },
    async close() {
      await app.close();
      await queue.stop();
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export type TTestApp = Awaited<ReturnType<typeof startTestApp>>;

export const TEST_MEDIA_SECRET = 'test-media-secret-0123456789abcdef';

export const PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | null = null;

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}${randomBytes(2).toString('hex')}`;

/** An organisation with one group and an admin, a coach and a speaker, all with PASSWORD. */
export async function makeOrg(db: TDb, opts: { type?: 'edu' | 'other'; settings?: TOrgSettings; freeYears?: number | null } = {}) {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  const id = unique();
  const [org] = await db
    .insert(organisations)
    .values({ code: `org${id}`, name: `Org ${id}`, type: opts.type ?? 'other', settings: opts.settings ?? {} })
    .returning();
  const freeYears = opts.freeYears === undefined ? 15 : opts.freeYears;
  const [group] = await db
    .insert(groups)
    .values({
      orgId: org!.id,
      name: 'Group A',
      inviteCode: generateInviteCode(org!.name, 'Group A'),
      settings: { freeDuration: freeYears ? { years: freeYears } : null },
    })
    .returning();
  const person = async (role: string, orgRoles: string[]) => {
    const [u] = await db
      .insert(users)
      .values({
        orgId: org!.id,
        email: `${role}-${id}@example.test`,
        passwordHash: hash,
        firstName: role,
        lastName: 'Person',
        name: `${role} Person`,
        orgRoles,
        termsAccepted: true,
        privacyAccepted: true,
        emailPreferences: DEFAULT_EMAIL_PREFERENCES,
      })
      .returning();
    return u!;
  };
  const admin = await person('admin', ['admin', 'manager']);
  const coach = await person('coach', []);
  const speaker = await person('speaker', []);
  await db.insert(memberships).values([
    { userId: coach.id, groupId: group!.id, roles: ['manager'], status: 'active' },
    { userId: speaker.id, groupId: group!.id, roles: ['speaker'], status: 'active' },
  ]);
  return { org: org!, group: group!, admin, coach, speaker };
}

/** Another member of a group, with PASSWORD. */
export async function addMember(db: TDb, orgId: string, groupId: string, roles: ('speaker' | 'manager')[]) {
  passwordHash ??= hashPassword(PASSWORD);
  const id = unique();
  const [u] = await db
    .insert(users)
    .values({
      orgId,
      email: `member-${id}@example.test`,
      passwordHash: await passwordHash,
      firstName: 'Pat',
      lastName: `Member${id}`,
      name: `Pat Member${id}`,
      termsAccepted: true,
      privacyAccepted: true,
      emailPreferences: DEFAULT_EMAIL_PREFERENCES,
    })
    .returning();
  await db.insert(memberships).values({ userId: u!.id, groupId, roles, status: 'active' });
  return u!;
}

/**
 * A finished recording straight in the database (no upload, no analysis): for tests about
 * permissions and feedback, which need a recording but not its media.
 */
export async function insertDoneRecording(
  db: TDb,
  owner: { id: string; orgId: string },
  groupId: string,
  over: Partial<typeof recordings.$inferInsert> = {},
) {
  const [r] = await db
    .insert(recordings)
    .values({ orgId: owner.orgId, userId: owner.id, groupId, title: 'Talk', status: 'done', duration: 30, ...over })
    .returning();
  return r!;
}

/**
 * An open assignment of a group, optionally with a custom scorecard: the presets plus the
 * given custom questions (ids from customQuestionId).
 */
export async function insertAssignment(
  db: TDb,
  owner: { id: string; orgId: string },
  groupId: string,
  opts: {
    name?: string;
    algorithm?: string;
    custom?: string[];
    coachOnly?: boolean;
    archived?: boolean;
    isTemplate?: boolean;
    isShared?: boolean;
    /** Assigned ones get a group target (continuous) unless given user targets or none ([]). */
    userTargets?: string[];
  } = {},
) {
  const [a] = await db
    .insert(assignments)
    .values({
      orgId: owner.orgId,
      userId: owner.id,
      name: opts.name ?? 'Elevator Pitch',
      criteria: { algorithm: opts.algorithm ?? 'rostrum-default', scorecard: !!opts.custom },
      archived: opts.archived ?? false,
      isTemplate: opts.isTemplate ?? false,
      isShared: opts.isShared ?? false,
      groupId: opts.isTemplate ? null : groupId,
    })
    .returning();
  if (!opts.isTemplate) {
    const targets = opts.userTargets
      ? opts.userTargets.map((userId) => ({ assignmentId: a!.id, userId }))
      : [{ assignmentId: a!.id, groupId }];
    if (targets.length) await db.insert(assignmentTargets).values(targets);
  }
  if (!opts.custom) return { assignment: a!, scorecard: null };
  const questions = scorecardQuestions(opts.custom.map((label) => [label, ''] as const));
  const [sc] = await db
    .insert(scorecards)
    .values({ assignmentId: a!.id, questions, coachOnly: opts.coachOnly ?? false })
    .returning();
  return { assignment: a!, scorecard: sc! };
}

/** Another group in the organisation (for the "another group" paths), with a unique invite code. */
export async function addGroup(db: TDb, orgId: string, name = 'Group B') {
  const [group] = await db
    .insert(groups)
    .values({ orgId, name, inviteCode: `B${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}` })
    .returning();
  return group!;
}

/**
 * A caller of the API as a signed-in user (`authorization` from signInAs). Takes a getter because
 * the test app is started in beforeAll, after the test file's top level has run.
 */
export function apiCaller(app: () => TTestApp) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, authorization: string, payload?: unknown) =>
    app().app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload: payload as object });
}

/** Signs in through the API and returns the Authorization header value. */
export async function signInAs(t: TTestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const d = res.json().data;
  return `Bearer ${d.orgCode}-${d.apiKey}`;
}

export function signUpBody(inviteCode: string, over: Record<string, unknown> = {}) {
  return {
    email: `new-${unique()}@example.test`,
    password: 'a-good-password',
    firstName: 'Nova',
    lastName: 'Newcomer',
    name: 'Nova Newcomer',
    metadata: { title: 'professional' },
    inviteCode,
    termsAccepted: true,
    ...over,
  };
}
