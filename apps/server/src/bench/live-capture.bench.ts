// Live capture (issue 19): a 5-minute WebM/Opus browser recording uploaded while it is
// "recorded" (tus, deferred length, a PATCH per LIVE_BENCH_PATCH_SECONDS of audio, at
// LIVE_BENCH_SPEED times real time), saved right after its last byte: the time from the last
// byte and the save to results ready (target under 15 s), against the same file uploaded whole
// after the recording. The analysis's own split comes from the server's "analysis finished" log.
//   node apps/server/dist/bench/live-capture.bench.js
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { printBenchTable, type TBenchRow, waitUntilUp } from './bench-kit.js';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.js');
const PORT = Number(process.env.LIVE_BENCH_PORT ?? 8420);
const BASE = `http://127.0.0.1:${PORT}`;
const MEDIA = path.join(os.tmpdir(), 'rostrum-bench-media');
const SPEED = Number(process.env.LIVE_BENCH_SPEED ?? 1);
const PATCH_SECONDS = Number(process.env.LIVE_BENCH_PATCH_SECONDS ?? 3);
const SECONDS = 300;
const TARGET_SECONDS = 15;

/** Five minutes of flite speech with sentence pauses, as Chromium's MediaRecorder makes it (Opus in WebM, 48 kHz). */
function fiveMinutesWebm(): string {
  mkdirSync(MEDIA, { recursive: true });
  const webm = path.join(MEDIA, 'five-minutes-live.webm');
  if (existsSync(webm)) return webm;
  const talk = path.join(MEDIA, 'live-talk.wav');
  const text =
    'Public speaking is a skill that anyone can learn. The best speakers prepare carefully. They know their audience, and they practise out loud. ' +
    'They vary their pace and their pitch. They pause before important points, and they finish with a clear call to action. ' +
    'Today I want to talk about why speaking clearly matters. When we rush, people stop listening. So slow down, and let your ideas land.';
  execFileSync('flite', ['-voice', 'slt', '-t', text, '-o', talk]);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-stream_loop',
    '20',
    '-i',
    talk,
    '-af',
    'apad=pad_dur=1',
    '-t',
    String(SECONDS),
    '-ar',
    '48000',
    '-ac',
    '1',
    '-c:a',
    'libopus',
    '-b:a',
    '32k',
    '-f',
    'webm',
    webm,
  ]);
  return webm;
}

async function json(res: Response) {
  const body = (await res.json()) as { data?: unknown; errors?: { message: string }[] };
  if (!res.ok) throw new Error(`${res.status} ${body.errors?.[0]?.message}`);
  return body.data as Record<string, unknown>;
}

async function signIn(): Promise<string> {
  const d = await json(
    await fetch(`${BASE}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'speaker@northwind.example', password: 'rostrum-demo' }),
    }),
  );
  return `Bearer ${d.orgCode}-${d.apiKey}`;
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** tus creation at the API's uploads endpoint; the absolute upload address. */
async function createUpload(auth: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(`${BASE}/api/v1/uploads`, {
    method: 'POST',
    headers: { 'tus-resumable': '1.0.0', authorization: auth, ...headers },
  });
  if (res.status !== 201) throw new Error(`tus create ${res.status}: ${await res.text()}`);
  return new URL(res.headers.get('location')!, BASE).toString();
}

async function patch(auth: string, location: string, offset: number, bytes: Buffer, total?: number) {
  const res = await fetch(location, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      authorization: auth,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      ...(total !== undefined && { 'upload-length': String(total) }),
    },
    body: new Uint8Array(bytes),
  });
  if (res.status !== 204) throw new Error(`patch ${res.status}: ${await res.text()}`);
}

async function createRecording(auth: string, body: Record<string, unknown>): Promise<string> {
  const d = await json(
    await fetch(`${BASE}/api/v1/recordings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth },
      body: JSON.stringify({ title: 'Live talk', source: 'ui record form', fileName: 'recording.webm', ...body }),
    }),
  );
  return d.recordingId as string;
}

async function waitDone(auth: string, id: string, timeoutMs = 600_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const d = await json(await fetch(`${BASE}/api/v1/recordings/${id}`, { headers: { authorization: auth } }));
    if (d.state === 'done' || d.state === 'failed') return d.state as string;
    if (Date.now() > until) return 'timeout';
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The bytes sent as the recording goes on: every PATCH_SECONDS of audio (at SPEED), the last with the length. */
async function recordLive(auth: string, bytes: Buffer): Promise<string> {
  const { captureId } = (await json(
    await fetch(`${BASE}/api/v1/live-captures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth },
      body: '{}',
    }),
  )) as { captureId: string };
  const location = await createUpload(auth, {
    'upload-defer-length': '1',
    'upload-metadata': `captureId ${b64(captureId)},filename ${b64('recording.webm')}`,
  });
  const started = Date.now();
  let offset = 0;
  for (let t = PATCH_SECONDS; ; t += PATCH_SECONDS) {
    const wait = started + (t * 1000) / SPEED - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const last = t >= SECONDS;
    const upTo = last ? bytes.length : Math.floor((bytes.length * t) / SECONDS);
    await patch(auth, location, offset, bytes.subarray(offset, upTo), last ? bytes.length : undefined);
    offset = upTo;
    if (last) return captureId;
  }
}

async function main() {
  const file = fiveMinutesWebm();
  const bytes = readFileSync(file);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rostrum-bench-live-'));
  const server = spawn(process.execPath, [MAIN, '--seed-demo'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'info', JOB_POLL_SECONDS: '0.5' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The analysis's own split, by recording, from the server's log.
  const split = new Map<string, { ms: Record<string, number>; transcribedPrefix: number }>();
  createInterface({ input: server.stdout! }).on('line', (line) => {
    try {
      const entry = JSON.parse(line) as { msg?: string; recordingId?: string; ms?: Record<string, number>; transcribedPrefix?: number };
      if (entry.msg === 'analysis finished' && entry.recordingId && entry.ms)
        split.set(entry.recordingId, { ms: entry.ms, transcribedPrefix: entry.transcribedPrefix ?? 0 });
    } catch {
      // Not a log line of ours.
    }
  });
  const describe = (id: string) => {
    const s = split.get(id);
    if (!s) return 'no log';
    const sec = (k: string) => ((s.ms[k] ?? 0) / 1000).toFixed(1);
    return `decode ${sec('decode')}, prosody ${sec('prosody')}, transcription ${sec('transcription')}, metrics ${sec('metrics')}, playback (transcode, peaks; alongside) ${sec('playback')}, analysis process ${sec('child')} s; prefix ${s.transcribedPrefix.toFixed(1)} s`;
  };
  try {
    await waitUntilUp(BASE, 150);
    const auth = await signIn();
    const rows: TBenchRow[] = [];

    const captureId = await recordLive(auth, bytes);
    const stopped = Date.now();
    const live = await createRecording(auth, { captureId });
    const liveState = await waitDone(auth, live);
    const liveSeconds = (Date.now() - stopped) / 1000;
    rows.push([
      `5-minute live capture (${SPEED}x real time): last byte + save -> results`,
      `${liveSeconds.toFixed(1)} s (${liveState})`,
      `< ${TARGET_SECONDS} s`,
      liveState === 'done' && liveSeconds < TARGET_SECONDS ? 'pass' : 'FAIL',
    ]);
    rows.push(['  split (live)', describe(live), '', '']);

    // The same recording uploaded whole once it is over (what the browser did before).
    const whole = await createRecording(auth, {});
    const location = await createUpload(auth, {
      'upload-length': String(bytes.length),
      'upload-metadata': `recordingId ${b64(whole)},filename ${b64('recording.webm')}`,
    });
    await patch(auth, location, 0, bytes);
    const uploaded = Date.now();
    const wholeState = await waitDone(auth, whole);
    rows.push([
      'same file uploaded after recording: upload finished -> results',
      `${((Date.now() - uploaded) / 1000).toFixed(1)} s (${wholeState})`,
      '',
      '',
    ]);
    rows.push(['  split (whole)', describe(whole), '', '']);
    printBenchTable('Live capture (server process, embedded database)', rows);
    if (!(liveState === 'done' && liveSeconds < TARGET_SECONDS)) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
