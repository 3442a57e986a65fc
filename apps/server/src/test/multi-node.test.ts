import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeOrg, signInAs, startTestApp, type TTestApp } from './harness.js';
import { speechWav } from './media-fixtures.js';
import { startS3StandIn, type TS3StandIn } from './s3-stand-in.js';

// Scale-out: two API processes and two worker processes (`node dist/main.js --role api|worker`,
// the commands of docs/operations/README.md) on one PostgreSQL database and one S3-compatible bucket.
// An upload started through node A resumes through node B; either node serves its results and
// playback; a worker killed mid-analysis loses nothing; 20 recordings spread over both workers.

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');
// A killed worker's job runs again once it expires. Not sooner than a minute: on a busy machine a
// short analysis can take longer than 15 s, and a job that expires while its worker still runs it
// is run twice (the load part would count 32 analyses for 21 recordings).
const EXPIRE = 60;
const MEDIA_SECRET = randomBytes(24).toString('hex');
const MANY = 20;

let t: TTestApp;
let s3: TS3StandIn;
const procs: ChildProcess[] = [];
const base = mkdtempSync(path.join(os.tmpdir(), 'multi-node-'));

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

function start(role: 'api' | 'worker', name: string, env: Record<string, string>) {
  const out: string[] = [];
  const p = spawn(process.execPath, [MAIN, '--role', role], {
    env: {
      ...process.env,
      ...s3.env,
      DATABASE_URL: t.config.databaseUrl,
      DATA_DIR: path.join(base, name),
      MEDIA_SECRET,
      JOB_EXPIRE_SECONDS: String(EXPIRE),
      JOB_POLL_SECONDS: '0.5',
      HOST: '127.0.0.1',
      LOG_LEVEL: role === 'worker' ? 'info' : 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  p.stdout!.on('data', (d: Buffer) => out.push(d.toString()));
  procs.push(p);
  return {
    p,
    out,
    finished: () =>
      out
        .join('')
        .split('\n')
        .filter((l) => l.includes('"analysis finished"')).length,
  };
}

function kill(p: ChildProcess) {
  try {
    process.kill(-p.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

async function startApi(name: string, env: Record<string, string> = {}): Promise<string> {
  const port = await freePort();
  start('api', name, { PORT: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`${url}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return url;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`API node ${name} did not start`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** About six seconds of speech (the shortest accepted is five), so 20 analyses fit in the test's time on two cores. */
function shortSpeech(): string {
  const dir = path.join(os.tmpdir(), 'rostrum-server-fixtures');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'speech-six-seconds.wav');
  if (!existsSync(file))
    execFileSync('espeak-ng', [
      '-s',
      '160',
      '-w',
      file,
      'Thank you all for coming today. Let us begin with a short story about courage, patience and practice.',
    ]);
  return file;
}

let auth = '';
let nodeA = '';
let nodeB = '';

beforeAll(async () => {
  s3 = await startS3StandIn();
  // The database and its accounts; this process serves nothing itself.
  t = await startTestApp();
  const { speaker } = await makeOrg(t.db);
  auth = await signInAs(t, speaker.email);
  // Node A sends playback by presigned bucket addresses, node B streams it (S3_PRESIGN=false).
  [nodeA, nodeB] = await Promise.all([startApi('api-a'), startApi('api-b', { S3_PRESIGN: 'false' })]);
}, 90_000);

afterAll(async () => {
  for (const p of procs) kill(p);
  await t?.close();
  await s3?.close();
});

const tus = () => ({ 'tus-resumable': '1.0.0', authorization: auth });

async function createRecording(node: string, title: string): Promise<string> {
  const res = await fetch(`${node}/api/v1/recordings`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ title, source: 'ui upload form' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { recordingId: string } }).data.recordingId;
}

async function startUpload(node: string, recordingId: string, length: number): Promise<string> {
  const res = await fetch(`${node}/api/v1/uploads`, {
    method: 'POST',
    headers: { ...tus(), 'upload-length': String(length), 'upload-metadata': `recordingId ${Buffer.from(recordingId).toString('base64')}` },
  });
  expect(res.status).toBe(201);
  return res.headers.get('location')!;
}

async function patch(node: string, location: string, offset: number, bytes: Buffer): Promise<Response> {
  return fetch(`${node}${location}`, {
    method: 'PATCH',
    headers: { ...tus(), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
}

async function recording(node: string, id: string) {
  const res = await fetch(`${node}/api/v1/recordings/${id}`, { headers: { authorization: auth } });
  return ((await res.json()) as { data: { state: string; results: unknown; playbackUrl: string | null } }).data;
}

async function waitForStates(ids: string[], done: string[], deadline: number): Promise<Map<string, string>> {
  const states = new Map<string, string>();
  while (Date.now() < deadline) {
    for (const [i, id] of ids.entries()) {
      if (done.includes(states.get(id) ?? '')) continue;
      states.set(id, (await recording(i % 2 ? nodeB : nodeA, id)).state);
    }
    if (ids.every((id) => done.includes(states.get(id)!))) break;
    await sleep(1000);
  }
  return states;
}

it('two API nodes and two workers on one database and bucket: resumable uploads, playback, crashes, load', async () => {
  // An upload started through node A (POST and the first half) resumes through node B.
  const bytes = readFileSync(speechWav());
  const id = await createRecording(nodeA, 'Across nodes');
  const location = await startUpload(nodeA, id, bytes.length);
  const half = Math.floor(bytes.length / 2);
  expect((await patch(nodeA, location, 0, bytes.subarray(0, half))).status).toBe(204);
  const head = await fetch(`${nodeB}${location}`, { method: 'HEAD', headers: tus() });
  expect(head.status).toBe(200);
  expect(head.headers.get('upload-offset')).toBe(String(half));
  expect((await patch(nodeB, location, half, bytes.subarray(half))).status).toBe(204);

  // One worker takes the analysis and is killed (SIGKILL) part-way through it.
  const first = start('worker', 'worker-1', {});
  let state = '';
  for (let i = 0; i < 300 && !['computing', 'done'].includes(state); i++) {
    state = (await recording(nodeA, id)).state;
    if (state !== 'computing') await sleep(100);
  }
  expect(state).toBe('computing');
  kill(first.p);
  await sleep(500);
  expect((await recording(nodeB, id)).state).toBe('computing');

  // Two workers from now on (the killed one restarted, as systemd would, and a second one).
  const workers = [start('worker', 'worker-2', {}), start('worker', 'worker-3', {})];

  // 20 more recordings, their uploads spread over both API nodes.
  const short = readFileSync(shortSpeech());
  const startedAt = Date.now();
  const many: string[] = [];
  for (let i = 0; i < MANY; i++) {
    const node = i % 2 ? nodeB : nodeA;
    const rid = await createRecording(node, `Load ${i + 1}`);
    const loc = await startUpload(node, rid, short.length);
    expect((await patch(node, loc, 0, short)).status).toBe(204);
    many.push(rid);
  }

  // The killed worker's recording reaches its results all the same.
  // A wide margin: the 21 analyses share the two cores with the other test files running beside.
  const deadline = Date.now() + 400_000;
  const states = await waitForStates([id, ...many], ['done', 'failed'], deadline);
  expect(states.get(id)).toBe('done');
  expect([...states.values()]).toEqual(Array(MANY + 1).fill('done'));
  const seconds = (Date.now() - startedAt) / 1000;
  const perWorker = workers.map((w) => w.finished());
  // Both workers did some of the work, and between them all of it.
  expect(perWorker.every((n) => n > 0)).toBe(true);
  expect(perWorker.reduce((a, b) => a + b, 0)).toBe(MANY + 1);

  // Either node serves the results, and the same playback bytes, with Range.
  const onA = await recording(nodeA, id);
  const onB = await recording(nodeB, id);
  expect(onA.results).toBeTruthy();
  expect(onB.results).toEqual(onA.results);
  const redirect = await fetch(`${nodeA}${onA.playbackUrl}`, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const presigned = redirect.headers.get('location')!;
  expect(presigned.startsWith(`${s3.endpoint}/`)).toBe(true);
  const viaBucket = Buffer.from(await (await fetch(presigned)).arrayBuffer());
  const streamed = await fetch(`${nodeB}${onB.playbackUrl}`);
  expect(streamed.status).toBe(200);
  expect(streamed.headers.get('content-type')).toBe('audio/mp4');
  const viaApi = Buffer.from(await streamed.arrayBuffer());
  expect(viaApi.length).toBeGreaterThan(1000);
  expect(viaApi.equals(viaBucket)).toBe(true);
  const rangeB = await fetch(`${nodeB}${onB.playbackUrl}`, { headers: { range: 'bytes=100-599' } });
  expect(rangeB.status).toBe(206);
  expect(rangeB.headers.get('content-range')).toBe(`bytes 100-599/${viaApi.length}`);
  expect(Buffer.from(await rangeB.arrayBuffer()).equals(viaApi.subarray(100, 600))).toBe(true);
  const rangeA = await fetch(presigned, { headers: { range: 'bytes=100-599' } });
  expect(rangeA.status).toBe(206);
  expect(Buffer.from(await rangeA.arrayBuffer()).equals(viaApi.subarray(100, 600))).toBe(true);

  // Upload rate through one API node into the bucket (24 MB, the tus PATCH alone).
  const big = randomBytes(24 * 1024 * 1024);
  const bigId = await createRecording(nodeA, 'Upload rate');
  const bigLoc = await startUpload(nodeA, bigId, big.length + 1);
  const t0 = Date.now();
  expect((await patch(nodeA, bigLoc, 0, big)).status).toBe(204);
  const mbPerSecond = big.length / 1024 / 1024 / ((Date.now() - t0) / 1000);
  console.log(
    `multi-node: ${MANY + 1} recordings analysed in ${seconds.toFixed(1)} s by 2 workers (${perWorker.join(' + ')}; ` +
      `${((MANY / seconds) * 60).toFixed(1)} recordings/minute in all); upload through one API node ${mbPerSecond.toFixed(1)} MB/s`,
  );
}, 480_000);
