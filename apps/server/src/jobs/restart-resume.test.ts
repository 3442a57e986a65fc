import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrg, signInAs, startTestApp, type TTestApp } from '../test/harness.js';
import { speechWav } from '../test/media-fixtures.js';
import { ANALYZE_RECORDING } from '../modules/recordings/index.js';

// The default single-node install (`--role all`: API, web app and worker in one process), killed
// with SIGKILL in the middle of an analysis and started again, as systemd or a person would: the
// analysis resumes and its results arrive within 90 s of the restart, not after the job expiry
// (JOB_EXPIRE_SECONDS, 30 minutes by default, left at that here).

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');
const RESULTS_WITHIN_MS = 90_000;

type TDatabaseKind = 'postgres' | 'pglite';
let t: TTestApp;
const procs: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The whole install, in a process group of its own (so the kill takes its analysis process too):
 * on the test's PostgreSQL database, or on PGlite in its DATA_DIR (`npm start`'s default).
 */
async function startServer(kind: TDatabaseKind, dataDir: string, port: number, args: string[] = []): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  if (kind === 'postgres') env.DATABASE_URL = t.config.databaseUrl;
  else delete env.DATABASE_URL;
  const p = spawn(process.execPath, [MAIN, '--role', 'all', ...args], { env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  procs.push(p);
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return p;
    await sleep(100);
  }
  throw new Error('the server did not start');
}

function killGroup(p: ChildProcess) {
  try {
    process.kill(-p.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

beforeAll(async () => {
  // The PostgreSQL database and its accounts; this process runs no worker.
  t = await startTestApp();
});
afterAll(async () => {
  for (const p of procs) killGroup(p);
  await t?.close();
});

describe.each<TDatabaseKind>(['postgres', 'pglite'])('on %s', (kind) => {
  it('kill -9 of the whole install mid-analysis: after a restart the analysis resumes and its results arrive within 90 s', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `restart-resume-${kind}-`));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // PGlite lives inside the server: its accounts are the demo's, signed in over HTTP.
    const first = await startServer(kind, dataDir, port, kind === 'pglite' ? ['--seed-demo'] : []);
    let auth: string;
    if (kind === 'postgres') {
      const { speaker } = await makeOrg(t.db);
      auth = await signInAs(t, speaker.email);
    } else {
      const res = await fetch(`${base}/api/v1/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'speaker@northwind.example', password: 'rostrum-demo' }),
      });
      const d = ((await res.json()) as { data: { orgCode: string; apiKey: string } }).data;
      auth = `Bearer ${d.orgCode}-${d.apiKey}`;
    }
    const api = (p: string, init: RequestInit = {}) =>
      fetch(`${base}/api/v1${p}`, { ...init, headers: { authorization: auth, ...init.headers } });

    const created = await api('/recordings', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Restart test', source: 'ui upload form' }),
    });
    const { recordingId } = ((await created.json()) as { data: { recordingId: string } }).data;
    const bytes = readFileSync(speechWav());
    const tus = { 'tus-resumable': '1.0.0' };
    const c = await api('/uploads', {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(bytes.length),
        'upload-metadata': `recordingId ${Buffer.from(recordingId).toString('base64')}`,
      },
    });
    expect(c.status).toBe(201);
    const patched = await api(c.headers.get('location')!.replace(/^\/api\/v1/, ''), {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });
    expect(patched.status).toBe(204);

    const state = async () => {
      const r = await api(`/recordings/${recordingId}`).then(
        (res) => res.json() as Promise<{ data: { state: string } }>,
        () => null,
      );
      return r?.data.state ?? 'unreachable';
    };
    // Part-way through: the playback file is made, the analysis is still running.
    let s = '';
    for (let i = 0; i < 600 && !['computing', 'done'].includes(s); i++) {
      s = await state();
      if (s !== 'computing') await sleep(50);
    }
    expect(s).toBe('computing');
    killGroup(first);
    await sleep(300);
    if (kind === 'postgres') {
      // The killed process's job is still active: nobody is left to finish or fail it.
      const active = await t.db.execute(
        sql`select state from pgboss.job where name = ${ANALYZE_RECORDING} and data->>'recordingId' = ${recordingId}`,
      );
      expect((active as unknown as { rows: { state: string }[] }).rows.map((r) => r.state)).toEqual(['active']);
    }

    const restartedAt = Date.now();
    await startServer(kind, dataDir, port);
    while (!['done', 'failed'].includes(s) && Date.now() - restartedAt < RESULTS_WITHIN_MS) {
      await sleep(500);
      s = await state();
    }
    const seconds = (Date.now() - restartedAt) / 1000;
    console.log(`restart-resume (${kind}): results ${seconds.toFixed(1)} s after the restart (state ${s})`);
    expect(s).toBe('done');
    expect(seconds).toBeLessThan(RESULTS_WITHIN_MS / 1000);
    const rec = (await (await api(`/recordings/${recordingId}`)).json()) as { data: { results: unknown; playbackUrl: string | null } };
    expect(rec.data.results).toBeTruthy();
    // The playback file the killed try had made is whole after the second try.
    const playback = await fetch(`${base}${rec.data.playbackUrl}`);
    expect(playback.status).toBe(200);
    expect(Buffer.from(await playback.arrayBuffer()).length).toBeGreaterThan(1000);
    for (const p of procs) killGroup(p);
  }, 200_000);
});
