// npm run bench (dashboards): p50 and p99 of the dashboard calls on a benchmark organisation of
// 1 group, 300 speakers, 40 assignments and 6,000 recordings with feedback, in process (Fastify
// inject, so the figures are the server's own work), on PGlite and on PostgreSQL (a fresh
// database on BENCH_DATABASE_URL's server, dropped after). Target: p99 under 150 ms on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { DEFAULT_EMAIL_PREFERENCES, generateInviteCode } from '@rostrum/contract';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type TDatabase, type TDb } from '../db/client.js';
import { assignmentTargets, assignments, feedback, groups, memberships, organisations, recordings, users } from '../db/schema.js';
import { startQueue } from '../jobs/queue.js';
import { issueKey } from '../modules/auth/index.js';
import { MediaStorage } from '../storage/media-storage.js';
import { printBenchTable, type TBenchRow } from './bench-kit.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SPEAKERS = 300;
const ASSIGNMENTS = 40;
/** Of the assignments, these many are for every speaker of the group (continuous); the rest for a third of them each. */
const CONTINUOUS = 30;
const RECORDINGS = 6_000;
const RUNS = 60;
const TARGET_MS = 150;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1_000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** What seed builds beyond the dashboards' own organisation (the load benchmark asks for more). */
export interface TSeedOptions {
  recordings?: number;
  /** Coaches besides the first, each a manager of the group. */
  extraCoaches?: number;
  /** The analysis results stored on each recording (recordings.results), by its index. */
  results?: (n: number) => unknown;
}

/** The benchmark organisation; returns the group, its people and recordings, and the bearer keys of the coach and one speaker. */
export async function seed(db: TDb, opts: TSeedOptions = {}) {
  const recordingCount = opts.recordings ?? RECORDINGS;
  const tag = randomBytes(3).toString('hex');
  const [org] = await db
    .insert(organisations)
    .values({ code: `bench${tag}`, name: `Bench ${tag}`, type: 'edu', settings: { Assignments: true } })
    .returning();
  const [group] = await db
    .insert(groups)
    .values({
      orgId: org!.id,
      name: 'Bench group',
      inviteCode: generateInviteCode(org!.name, 'Bench group'),
      managerPrivacyLevel: 1,
      speakerPrivacyLevel: 2,
    })
    .returning();
  const person = (i: number | 'coach') => ({
    orgId: org!.id,
    email: `${i}-${tag}@bench.example`,
    passwordHash: 'not-used',
    firstName: i === 'coach' ? 'Coach' : `Speaker${i}`,
    lastName: i === 'coach' ? 'Bench' : `Bench${String(i).padStart(3, '0')}`,
    name: i === 'coach' ? 'Coach Bench' : `Speaker${i} Bench`,
    termsAccepted: true,
    privacyAccepted: true,
    emailPreferences: DEFAULT_EMAIL_PREFERENCES,
  });
  const [coach] = await db.insert(users).values(person('coach')).returning();
  const extraCoaches = opts.extraCoaches
    ? await db
        .insert(users)
        .values(Array.from({ length: opts.extraCoaches }, (_, i) => ({ ...person('coach'), email: `coach${i + 2}-${tag}@bench.example` })))
        .returning({ id: users.id })
    : [];
  const speakers: { id: string }[] = [];
  await insertChunked(
    Array.from({ length: SPEAKERS }, (_, i) => person(i)),
    async (chunk) => speakers.push(...(await db.insert(users).values(chunk).returning({ id: users.id }))),
  );
  const members: (typeof memberships.$inferInsert)[] = [
    ...[coach!, ...extraCoaches].map((c): typeof memberships.$inferInsert => ({
      userId: c.id,
      groupId: group!.id,
      roles: ['manager'],
      status: 'active',
    })),
    ...speakers.map((s): typeof memberships.$inferInsert => ({ userId: s.id, groupId: group!.id, roles: ['speaker'], status: 'active' })),
  ];
  await insertChunked(members, (chunk) => db.insert(memberships).values(chunk));
  const created = await db
    .insert(assignments)
    .values(
      Array.from({ length: ASSIGNMENTS }, (_, i) => ({
        orgId: org!.id,
        userId: coach!.id,
        groupId: group!.id,
        name: `Assignment ${i + 1}`,
        description: 'Benchmark',
        criteria: { algorithm: 'rostrum-default', minRecordings: true, minRecordingsCount: 1, managerReview: i % 2 === 0 },
        archived: i >= ASSIGNMENTS - 3,
        createdAt: new Date(Date.now() - (ASSIGNMENTS - i) * 86_400_000),
      })),
    )
    .returning({ id: assignments.id });
  const targets = created.flatMap((a, i): (typeof assignmentTargets.$inferInsert)[] =>
    i < CONTINUOUS
      ? [{ assignmentId: a.id, groupId: group!.id }]
      : speakers.filter((_, s) => s % 3 === i % 3).map((s) => ({ assignmentId: a.id, userId: s.id })),
  );
  await insertChunked(targets, (chunk) => db.insert(assignmentTargets).values(chunk));
  // Each speaker records RECORDINGS / SPEAKERS times, into the continuous assignments and those for them.
  const recs = Array.from({ length: recordingCount }, (_, n) => {
    const s = n % SPEAKERS;
    const k = Math.floor(n / SPEAKERS);
    const forThem = created.filter((_, i) => i < CONTINUOUS || s % 3 === i % 3);
    return {
      orgId: org!.id,
      userId: speakers[s]!.id,
      groupId: group!.id,
      assignmentId: k % 5 === 4 ? null : forThem[(s + k) % forThem.length]!.id,
      title: `Talk ${k + 1}`,
      status: 'done' as const,
      duration: 60 + (n % 120),
      overallScore: 3 + (n % 7),
      ...(opts.results ? { results: opts.results(n) } : {}),
      playbackPath: `bench/${n}/audio.mp3`,
      submitted: n % 3 === 0,
      feedbackRequested: n % 4 === 0,
      createdAt: new Date(Date.now() - n * 60_000),
    };
  });
  const recIds: { id: string; userId: string }[] = [];
  await insertChunked(
    recs,
    async (chunk) =>
      recIds.push(...(await db.insert(recordings).values(chunk).returning({ id: recordings.id, userId: recordings.userId }))),
    opts.results ? 250 : 1_000,
  );
  // Feedback: a coach comment and rating on every other recording, a peer comment and rating on every third.
  const fb = recIds.flatMap((r, n) => {
    const peer = speakers[(n + 1) % SPEAKERS]!.id;
    return [
      ...(n % 2 === 0
        ? [
            { recordingId: r.id, groupId: group!.id, userId: coach!.id, kind: 'comment' as const, comment: 'Good pace', isManager: true },
            { recordingId: r.id, groupId: group!.id, userId: coach!.id, kind: 'score' as const, scoreOverall: 7, isManager: true },
          ]
        : []),
      ...(n % 3 === 0 && peer !== r.userId
        ? [
            { recordingId: r.id, groupId: group!.id, userId: peer, kind: 'comment' as const, comment: 'Nice', isManager: false },
            { recordingId: r.id, groupId: group!.id, userId: peer, kind: 'score' as const, scoreOverall: 6, isManager: false },
          ]
        : []),
    ];
  });
  await insertChunked(fb, (chunk) => db.insert(feedback).values(chunk));
  // A live database has planner statistics (autovacuum); a bulk load measured at once has none yet.
  await db.execute(sql`analyze`);
  const bearer = async (userId: string) => `Bearer ${org!.code}-${(await issueKey(db, userId, 'session')).secret}`;
  return {
    orgCode: org!.code,
    groupId: group!.id,
    coachIds: [coach!.id, ...extraCoaches.map((c) => c.id)],
    speakerIds: speakers.map((s) => s.id),
    recordings: recIds,
    speakerId: speakers[0]!.id,
    coach: await bearer(coach!.id),
    speaker: await bearer(speakers[0]!.id),
    feedback: fb.length,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(database: TDatabase, dataDir: string, label: string): Promise<TBenchRow[]> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // The calls' own work is measured, not the per-caller cache of the API server.
    DASHBOARD_CACHE_SECONDS: '0',
    ...(database.connectionString ? { DATABASE_URL: database.connectionString } : {}),
  });
  const queue = await startQueue(database, config, pino({ level: 'warn' }));
  const app = await buildApp({
    db: database.db,
    config,
    queue,
    storage: new MediaStorage(path.join(dataDir, 'media')),
    mediaSecret: randomBytes(32).toString('hex'),
  });
  try {
    const started = Date.now();
    const s = await seed(database.db);
    const seedSeconds = (Date.now() - started) / 1000;
    const calls: [string, string, string][] = [
      ['coach dashboard', `/api/v1/groups/${s.groupId}/dashboard`, s.coach],
      ['coach assignments list (scope=group)', `/api/v1/assignments?scope=group&groupId=${s.groupId}`, s.coach],
      ["a member's assignments", `/api/v1/groups/${s.groupId}/members/${s.speakerId}/assignments`, s.coach],
      ['speaker dashboard', '/api/v1/me/dashboard', s.speaker],
      ['My Library', '/api/v1/me/library', s.speaker],
    ];
    const rows: TBenchRow[] = [
      [
        `${label}: seeding ${SPEAKERS} speakers, ${ASSIGNMENTS} assignments, ${RECORDINGS} recordings, ${s.feedback} feedback`,
        `${seedSeconds.toFixed(1)} s`,
        '< 60 s',
        seedSeconds < 60 ? 'pass' : 'FAIL',
      ],
    ];
    for (const [name, url, authorization] of calls) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 5; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization } });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (i >= 5) times.push(ms);
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      const onPostgres = database.kind === 'postgres';
      rows.push([
        `${label}: ${name}`,
        `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
        onPostgres ? `p99 < ${TARGET_MS} ms` : 'reported',
        onPostgres ? (p99 < TARGET_MS ? 'pass' : 'FAIL') : '',
      ]);
    }
    return rows;
  } finally {
    await app.close();
    await queue.stop();
  }
}

async function onPglite(): Promise<TBenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rostrum-bench-dash-'));
  const database = await openDatabase({ dataDir });
  try {
    return await measure(database, dataDir, 'PGlite');
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<TBenchRow[]> {
  const name = `rostrum_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rostrum-bench-dash-'));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir });
    try {
      return await measure(database, dataDir, 'PostgreSQL');
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const which = process.argv[2];
  const rows = [...(which === 'postgres' ? [] : await onPglite()), ...(which === 'pglite' ? [] : await onPostgres())];
  printBenchTable(`Dashboards (in process, ${RUNS} calls each after 5 warm-up calls)`, rows);
  if (rows.some((r) => r[3] === 'FAIL')) process.exitCode = 1;
}

// Run as a script (npm run bench); imported, it only lends its seed.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
