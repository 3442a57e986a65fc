import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeOrg, signInAs, startTestApp, type TTestApp } from '../test/harness.js';
import { speechWav } from '../test/media-fixtures.js';

// A `--role worker` process killed mid-analysis (SIGKILL: no cleanup at all) loses nothing:
// its job is put back (by pg-boss's expiry, short here, or by the next worker once the killed
// one's heartbeat is WORKER_GONE_SECONDS old, whichever comes first) and another worker finishes it.

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');
// Short (the config's minimum is 10) so the test waits ~15 s, not 30, for the expiry; maintenance
// then runs every 5 s (queue.ts). Still longer than the second worker's analysis of speech.wav.
const EXPIRE = 15;
let t: TTestApp;
const workers: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const p = spawn(process.execPath, [MAIN, '--role', 'worker'], {
    env: {
      ...process.env,
      DATABASE_URL: t.config.databaseUrl,
      DATA_DIR: t.config.dataDir,
      JOB_EXPIRE_SECONDS: String(EXPIRE),
      JOB_POLL_SECONDS: '0.5',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  workers.push(p);
  return p;
}

beforeAll(async () => {
  // The API side only: no worker in this process.
  t = await startTestApp({ config: { jobExpireSeconds: EXPIRE } });
});
afterAll(async () => {
  for (const w of workers) {
    try {
      process.kill(-w.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  await t?.close();
});

it('a worker killed during analysis loses nothing: the job runs again on another worker', async () => {
  const { speaker } = await makeOrg(t.db);
  const auth = await signInAs(t, speaker.email);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/recordings',
    headers: { authorization: auth },
    payload: { title: 'Crash test', source: 'ui upload form' },
  });
  const { recordingId } = created.json().data;
  const bytes = readFileSync(speechWav());
  const b64 = Buffer.from(recordingId).toString('base64');
  const tus = { 'tus-resumable': '1.0.0', authorization: auth };
  const c = await t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': `recordingId ${b64}` },
  });
  const p = await t.app.inject({
    method: 'PATCH',
    url: c.headers.location as string,
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
  expect(p.statusCode).toBe(204);

  const state = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/recordings/${recordingId}`, headers: { authorization: auth } })).json().data
      .state as string;
  const first = startWorker();
  // Wait until the first worker has taken the job and is part-way through it.
  for (let i = 0; i < 300 && !['computing', 'done'].includes(await state()); i++) await new Promise((r) => setTimeout(r, 100));
  expect(await state()).toBe('computing');
  process.kill(-first.pid!, 'SIGKILL');
  await new Promise((r) => setTimeout(r, 500));
  expect(await state()).toBe('computing');

  startWorker();
  const until = Date.now() + 150_000;
  let s = await state();
  while (!['done', 'failed'].includes(s) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 1000));
    s = await state();
  }
  expect(s).toBe('done');
}, 200_000);
