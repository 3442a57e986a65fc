// npm run bench (API under load): a real API process (`node dist/main.js --role api`) over HTTP,
// on an organisation of 300 speakers, 10 coaches and 10,000 analysed recordings with feedback,
// called by 100 signed-in virtual users (90 speakers, 10 coaches, each with its own bearer key)
// on the calls of the web app's main pages: lists (my recordings, a member's recordings for a
// coach, history, dashboards) and results (a recording with its results, its feedback). Each user
// goes round its pages, starting at a different one (firstCall).
//  - open model: a fixed offered rate (200 requests/s), latency measured from each request's
//    intended send time, so a slow server cannot hide its queue (no coordinated omission)
//  - closed loop: each user sends its next call when the last one answered (maximum throughput)
// On PGlite (the embedded default, in DATA_DIR) and on PostgreSQL (a fresh database on
// BENCH_DATABASE_URL's server, dropped after). BENCH_LOAD_SECONDS shortens each phase (default 60).
// Target: PostgreSQL p99 under 100 ms at 200 requests/s.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { NEGATIVE_VIBES, POSITIVE_VIBES, ZResultsSchema, type TResults } from '@rostrum/contract';
import { openDatabase, type TDatabase } from '../db/client.js';
import { issueKey } from '../modules/auth/index.js';
import { printBenchTable, startServer, type TBenchRow } from './bench-kit.js';
import { seed } from './dashboards.bench.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = 8297;
const BASE = `http://127.0.0.1:${PORT}`;
const RECORDINGS = 10_000;
const SPEAKER_USERS = 90;
const COACH_USERS = 10;
const RATE = 200;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
/** Not measured: the server's caches and PostgreSQL's buffers fill first, as on a live server. */
const WARM_UP_SECONDS = Math.min(10, Math.max(2, SECONDS / 6));
const TARGET_P99_MS = 100;

/** A schema-valid result set of a short talk: scores, tips, timestamps and a 120-word transcript. */
function benchResults(n: number): TResults {
  const variety = { inBand: 60, belowBand: 20, aboveBand: 20, value: 3 };
  const vibes = Object.fromEntries([...POSITIVE_VIBES, ...NEGATIVE_VIBES].map((v) => [v, 5])) as TResults['scores']['vibes'];
  const spans = (k: number) => Array.from({ length: k }, (_, i) => ({ from: i * 7, to: i * 7 + 3, spread: ((i + n) % 5) - 2 }));
  const words = Array.from({ length: 120 }, (_, i) => ({
    speaker: 1,
    text: i % 17 === 5 ? 'um' : `word${(i * 7 + n) % 300}`,
    start: i * 0.5,
    end: i * 0.5 + 0.4,
    confidence: 0.9,
    type: i % 17 === 5 ? ('filler' as const) : ('word' as const),
    isPunctuation: false,
    alternatives: [],
  }));
  return ZResultsSchema.parse({
    isConversational: false,
    algorithm: 'rostrum-default',
    numSpeakers: 1,
    scores: {
      overall: 3 + (n % 7),
      strengthOfOpening: 6,
      clarity: 7,
      pace: 3.8,
      pauseToTalk: 20,
      upspeak: 1,
      reading: 10,
      varietyVolume: variety,
      varietyPace: variety,
      varietyPitch: variety,
      talkVsListen: null,
      convoSwitches: null,
      questions: null,
      waitTime: null,
      wordSpotting: { 'uh/um': 2 },
      vibes,
      isEmptyResults: false,
      perSpeaker: null,
    },
    tips: { main: { workOn: ['pace'], tips: ['Slow down.'] }, byMetric: { pace: ['Breathe.'], clarity: ['Open your mouth.'] } },
    timestamped: {
      metrics: { pace: { hotSpots: spans(4), segments: spans(12) }, varietyPitch: { hotSpots: spans(3), segments: spans(12) } },
      vibes: {},
    },
    ideals: { overall: { min: 0, max: 10, idealMin: 7, idealMax: 10 } },
    diarizedTranscript: words,
    data: {
      duration: 60,
      speechDuration: 56,
      syllables: 180,
      wordsPerMinute: 120,
      transcriber: 'pocketsphinx',
      transcript: words.map((w) => w.text).join(' '),
      features: { pitchMean: 180, pitchStd: 20 },
      vibes: {},
      speakers: [],
      labels: { pace: 'Ideal', pauseToTalk: 'Ideal', upspeak: 'None', reading: 'No' },
    },
  });
}

export type TUser = { authorization: string; calls: string[] };

/** Seeds the organisation and gives each virtual user its key and the calls of its pages. */
export async function prepare(database: TDatabase): Promise<{ users: TUser[]; seedSeconds: number }> {
  const started = Date.now();
  const s = await seed(database.db, { recordings: RECORDINGS, extraCoaches: COACH_USERS - 1, results: benchResults });
  const bearer = async (userId: string) => `Bearer ${s.orgCode}-${(await issueKey(database.db, userId, 'session')).secret}`;
  const byOwner = new Map<string, string[]>();
  for (const r of s.recordings) byOwner.set(r.userId, [...(byOwner.get(r.userId) ?? []), r.id]);
  const users: TUser[] = [];
  for (let i = 0; i < SPEAKER_USERS; i++) {
    const me = s.speakerIds[i]!;
    const mine = byOwner.get(me)!;
    users.push({
      authorization: await bearer(me),
      // Home (dashboard, My Recordings), History, and two results pages (results and feedback).
      calls: [
        '/api/v1/me/dashboard',
        '/api/v1/recordings',
        '/api/v1/history',
        `/api/v1/recordings/${mine[0]}?expand=tips,timestamped`,
        `/api/v1/feedback?recordingId=${mine[0]}`,
        `/api/v1/recordings/${mine[1]}?expand=tips,timestamped`,
        `/api/v1/feedback?recordingId=${mine[1]}`,
        '/api/v1/me/library',
      ],
    });
  }
  for (let i = 0; i < COACH_USERS; i++) {
    const member = s.speakerIds[(i * 29) % s.speakerIds.length]!;
    const theirs = byOwner.get(member)!;
    users.push({
      authorization: await bearer(s.coachIds[i]!),
      // The group's dashboard, a member's recordings and history, and one of their results pages.
      calls: [
        `/api/v1/groups/${s.groupId}/dashboard`,
        `/api/v1/groups/${s.groupId}/recordings?userId=${member}`,
        `/api/v1/history?userId=${member}`,
        `/api/v1/recordings/${theirs[0]}?expand=tips,timestamped`,
        `/api/v1/feedback?recordingId=${theirs[0]}`,
      ],
    });
  }
  return { users, seedSeconds: (Date.now() - started) / 1000 };
}

type TSample = { ms: number; ok: boolean; call: string };

/** The call a URL makes, ids left out: the breakdown's key. */
const callOf = (url: string) => url.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id').replace(/=:id/g, '=');

function get(agent: http.Agent, url: string, authorization: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(`${BASE}${url}`, { agent, headers: { authorization } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode === 200));
      res.on('error', () => resolve(false));
    });
    req.on('error', () => resolve(false));
  });
}

/**
 * Where user i starts in its round of calls. People do not open their pages in step: user i starts
 * at its i-th call, so about one speaker in eight opens the dashboard in any half second, not all
 * 90 at once. BENCH_LOAD_IN_STEP=1 starts every user at its first call (the worst case: the
 * dashboards all expire and are computed in the same moment).
 */
const firstCall = (i: number): number => (process.env.BENCH_LOAD_IN_STEP === '1' ? 0 : i);

/** Open model: request k is due at start + k / rate, whatever became of the earlier ones. */
async function openModel(agent: http.Agent, users: TUser[], rate: number, seconds: number): Promise<TSample[]> {
  const samples: TSample[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const total = Math.round(rate * seconds);
  const step = users.map((_u, i) => firstCall(i));
  for (let k = 0; k < total; k++) {
    const due = start + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const u = k % users.length;
    const user = users[u]!;
    const url = user.calls[step[u]!++ % user.calls.length]!;
    pending.push(
      get(agent, url, user.authorization).then((ok) => void samples.push({ ms: performance.now() - due, ok, call: callOf(url) })),
    );
  }
  await Promise.all(pending);
  return samples;
}

/** Closed loop: every user calls again as soon as its last call answered. */
async function closedLoop(agent: http.Agent, users: TUser[], seconds: number): Promise<TSample[]> {
  const samples: TSample[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    users.map(async (user) => {
      for (let i = firstCall(users.indexOf(user)); performance.now() < until; i++) {
        const t0 = performance.now();
        const url = user.calls[i % user.calls.length]!;
        const ok = await get(agent, url, user.authorization);
        samples.push({ ms: performance.now() - t0, ok, call: callOf(url) });
      }
    }),
  );
  return samples;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** CPU milliseconds (user + system) each process has used so far, from /proc (Linux; 100 ticks/s). */
function cpuOf(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // The process has ended (a pooled connection closed): its CPU since the last reading is lost.
    }
  }
  return used;
}

/**
 * CPU per request, robust to a shared machine's noise where latency is not: the API process's,
 * and for PostgreSQL its backends' serving the benchmark's database (PGlite runs inside the API).
 */
class CpuMeter {
  private constructor(
    private readonly serverPid: number,
    private readonly pg: pg.Client | undefined,
  ) {}

  static async open(serverPid: number, databaseUrl?: string): Promise<CpuMeter> {
    if (!databaseUrl) return new CpuMeter(serverPid, undefined);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return new CpuMeter(serverPid, client);
  }

  private async backends(): Promise<number[]> {
    if (!this.pg) return [];
    const { rows } = await this.pg.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  }

  /** Starts a phase; the function it returns gives the phase's CPU ms per request. */
  async start(): Promise<(requests: number) => Promise<{ api: number; postgres?: number }>> {
    const api0 = cpuOf([this.serverPid]).get(this.serverPid) ?? 0;
    const db0 = cpuOf(await this.backends());
    return async (requests) => {
      const api = ((cpuOf([this.serverPid]).get(this.serverPid) ?? 0) - api0) / requests;
      if (!this.pg) return { api };
      let postgres = 0;
      for (const [pid, ms] of cpuOf(await this.backends())) postgres += ms - (db0.get(pid) ?? 0);
      return { api, postgres: postgres / requests };
    };
  }

  async close(): Promise<void> {
    await this.pg?.end();
  }
}

const cpuText = (cpu: { api: number; postgres?: number }) =>
  `CPU/request: API ${cpu.api.toFixed(2)} ms${cpu.postgres === undefined ? ' (database inside)' : `, PostgreSQL ${cpu.postgres.toFixed(2)} ms`}`;

function row(
  label: string,
  offered: string,
  samples: TSample[],
  seconds: number,
  judge: boolean,
  cpu: { api: number; postgres?: number },
): TBenchRow {
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  const errors = samples.filter((s) => !s.ok).length;
  const p99 = percentile(times, 99);
  return [
    `${label}: ${offered}`,
    `${(samples.length / seconds).toFixed(0)} req/s achieved, p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${errors} errors; ${cpuText(cpu)}`,
    judge ? `p99 < ${TARGET_P99_MS} ms, 0 errors` : 'reported',
    judge ? (p99 < TARGET_P99_MS && errors === 0 ? 'pass' : 'FAIL') : '',
  ];
}

/** p50/p99 of each call (open model and closed loop), to see which one holds the others up. */
const breakdown: TBenchRow[] = [];
function byCall(label: string, samples: TSample[]): TBenchRow[] {
  const calls = [...new Set(samples.map((s) => s.call))].sort();
  return calls.map((call) => {
    const times = samples
      .filter((s) => s.call === call)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    return [`${label}: ${call}`, `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`, 'reported', ''];
  });
}

/** The API process alone on the seeded data (BENCH_SERVER_NODE_OPTIONS: its node's options, e.g. --cpu-prof). */
function startApi(dataDir: string, databaseUrl?: string) {
  return startServer({
    name: 'load',
    port: PORT,
    dataDir,
    args: ['--role', 'api'],
    // Without DATABASE_URL the server opens PGlite in the data folder.
    env: { HOST: '127.0.0.1', DATABASE_URL: databaseUrl },
    nodeOptions: (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean),
  });
}

async function measure(label: string, dataDir: string, databaseUrl?: string): Promise<TBenchRow[]> {
  // Seeded by this process, then served by the API process alone (PGlite admits one process).
  const database = await openDatabase(databaseUrl ? { databaseUrl, dataDir } : { dataDir });
  let prepared: Awaited<ReturnType<typeof prepare>>;
  try {
    prepared = await prepare(database);
  } finally {
    await database.close();
  }
  const { users, seedSeconds } = prepared;
  const server = await startApi(dataDir, databaseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: users.length });
  const meter = await CpuMeter.open(server.process.pid!, databaseUrl);
  try {
    await openModel(agent, users, RATE, WARM_UP_SECONDS);
    let phase = await meter.start();
    const fixed = await openModel(agent, users, RATE, SECONDS);
    const fixedCpu = await phase(fixed.length);
    phase = await meter.start();
    const max = await closedLoop(agent, users, SECONDS);
    const maxCpu = await phase(max.length);
    const onPostgres = !!databaseUrl;
    // The per-call figures show whether a tail is one call's or a moment's.
    breakdown.push(...byCall(`${label}, ${RATE} req/s`, fixed), ...byCall(`${label}, closed loop`, max));
    return [
      [`${label}: seeding ${RECORDINGS} analysed recordings with feedback`, `${seedSeconds.toFixed(1)} s`, 'reported', ''],
      row(label, `${RATE} req/s offered (open model)`, fixed, SECONDS, onPostgres, fixedCpu),
      row(label, `${users.length} users closed loop (max throughput)`, max, SECONDS, false, maxCpu),
    ];
  } finally {
    await meter.close();
    agent.destroy();
    await server.stop();
  }
}

async function onPglite(): Promise<TBenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rostrum-bench-load-'));
  try {
    return await measure('PGlite', dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<TBenchRow[]> {
  const name = `rostrum_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  // Finding slow statements: BENCH_PG_LOG_MS logs every statement slower than that to the server's log.
  const logMs = Number(process.env.BENCH_PG_LOG_MS);
  if (logMs >= 0 && process.env.BENCH_PG_LOG_MS)
    await admin.query(`alter database ${name} set log_min_duration_statement = ${Math.floor(logMs)}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rostrum-bench-load-'));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await measure('PostgreSQL', dataDir, url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const which = process.argv[2];
  const rows = [...(which === 'postgres' ? [] : await onPglite()), ...(which === 'pglite' ? [] : await onPostgres())];
  printBenchTable(
    `API under load (one API process over HTTP, ${SPEAKER_USERS + COACH_USERS} users with their own keys, lists and results, ${SECONDS} s each; ` +
      'the load generator runs on the same 2 cores as the server and its database)',
    rows,
  );
  printBenchTable('API under load, each call', breakdown);
  if (rows.some((r) => r[3] === 'FAIL')) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
