// npm run bench (server part): the recording pipeline end to end against a real server process.
//  - a 200 MB upload: the server's memory growth (target under 100 MB)
//  - a 5-minute speech: upload finished -> results ready (target under 60 s)
//  - 20 recordings uploaded at once: all finish, none lost; throughput
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printBenchTable, type TBenchRow, waitUntilUp } from './bench-kit.js';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.js');
const PORT = 8297;
const BASE = `http://127.0.0.1:${PORT}`;
const MEDIA = path.join(os.tmpdir(), 'rostrum-bench-media');

function sh(cmd: string, args: string[]) {
  execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });
}

function makeMedia() {
  mkdirSync(MEDIA, { recursive: true });
  const clip = path.join(MEDIA, 'clip.wav');
  const five = path.join(MEDIA, 'five-minutes.wav');
  const big = path.join(MEDIA, 'two-hundred-mb.wav');
  if (!existsSync(clip)) {
    sh('espeak-ng', [
      '-s',
      '155',
      '-w',
      clip,
      'Good morning everyone. Today I want to talk about why speaking clearly matters. When we rush, people stop listening. So slow down, pause, and let your ideas land.',
    ]);
  }
  if (!existsSync(five)) {
    const long = path.join(MEDIA, 'paragraph.wav');
    sh('espeak-ng', [
      '-s',
      '150',
      '-w',
      long,
      `Public speaking is a skill that anyone can learn. The best speakers prepare carefully, they know their audience, and they practise out loud. ${'They vary their pace and their pitch, they pause before important points, and they finish with a clear call to action. '.repeat(3)}`,
    ]);
    sh('sox', [long, five, 'repeat', '12', 'trim', '0', '300']);
  }
  if (!existsSync(big)) {
    // 48 kHz stereo 24-bit: about 199 MB for 11.5 minutes.
    sh('sox', [five, '-r', '48000', '-c', '2', '-b', '24', big, 'repeat', '2', 'trim', '0', '690']);
  }
  return { clip, five, big };
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

async function upload(auth: string, file: string, extra: Record<string, unknown> = {}): Promise<{ id: string; finishedAt: number }> {
  const size = statSync(file).size;
  const { recordingId } = (await json(
    await fetch(`${BASE}/api/v1/recordings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth },
      body: JSON.stringify({
        title: path.basename(file),
        source: 'ui upload form',
        fileName: path.basename(file),
        fileSize: size,
        ...extra,
      }),
    }),
  )) as { recordingId: string };
  const tus = { 'tus-resumable': '1.0.0', authorization: auth };
  const created = await fetch(`${BASE}/api/v1/uploads`, {
    method: 'POST',
    headers: { ...tus, 'upload-length': String(size), 'upload-metadata': `recordingId ${Buffer.from(recordingId).toString('base64')}` },
  });
  if (created.status !== 201) throw new Error(`create ${created.status}`);
  const location = new URL(created.headers.get('location')!, BASE).toString();
  let offset = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 8 * 1024 * 1024 })) {
    const res = await fetch(location, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(chunk as Buffer),
    });
    if (res.status !== 204) throw new Error(`patch ${res.status}: ${await res.text()}`);
    offset += (chunk as Buffer).length;
  }
  return { id: recordingId, finishedAt: Date.now() };
}

async function waitDone(auth: string, id: string, timeoutMs = 600_000): Promise<{ state: string; at: number }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const d = await json(await fetch(`${BASE}/api/v1/recordings/${id}`, { headers: { authorization: auth } }));
    if (d.state === 'done' || d.state === 'failed') return { state: d.state as string, at: Date.now() };
    if (Date.now() > until) return { state: 'timeout', at: Date.now() };
    await new Promise((r) => setTimeout(r, 250));
  }
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

async function main() {
  const media = makeMedia();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rostrum-bench-'));
  const server = spawn(process.execPath, [MAIN, '--seed-demo'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOB_POLL_SECONDS: '0.5', WORKER_CONCURRENCY: '2' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitUntilUp(BASE, 100);
    const auth = await signIn();
    const rows: TBenchRow[] = [];

    // 1. A 200 MB upload (trimmed to one minute so its analysis stays short).
    const bigSize = statSync(media.big).size;
    const base = rssMb(server.pid!);
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 50);
    const big = await upload(auth, media.big, { trim: { from: 0, to: 60 } });
    clearInterval(sampler);
    const growth = peak - base;
    rows.push([
      `upload ${(bigSize / 1048576).toFixed(0)} MB: server memory growth`,
      `${growth.toFixed(1)} MB`,
      '< 100 MB',
      growth < 100 ? 'pass' : 'FAIL',
    ]);
    await waitDone(auth, big.id);

    // 2. A 5-minute speech: upload finished -> results ready.
    const five = await upload(auth, media.five);
    const fiveDone = await waitDone(auth, five.id);
    const latency = (fiveDone.at - five.finishedAt) / 1000;
    rows.push([
      '5-minute speech: upload finished -> results',
      `${latency.toFixed(1)} s (${fiveDone.state})`,
      '< 60 s',
      fiveDone.state === 'done' && latency < 60 ? 'pass' : 'FAIL',
    ]);

    // 3. Twenty recordings at once.
    const t0 = Date.now();
    const ids = await Promise.all(Array.from({ length: 20 }, () => upload(auth, media.clip)));
    const uploaded = Date.now();
    const outcomes = await Promise.all(ids.map((u) => waitDone(auth, u.id)));
    const done = outcomes.filter((o) => o.state === 'done').length;
    const total = (Math.max(...outcomes.map((o) => o.at)) - t0) / 1000;
    const clipSeconds = statSync(media.clip).size / 2 / 22050;
    rows.push([
      '20 uploads at once: finished',
      `${done}/20 done, none lost: ${done === 20 ? 'yes' : 'no'}`,
      '20/20',
      done === 20 ? 'pass' : 'FAIL',
    ]);
    rows.push(['20 uploads at once: time', `uploads ${((uploaded - t0) / 1000).toFixed(1)} s, all results ${total.toFixed(1)} s`, '', '']);
    rows.push([
      '20 uploads at once: throughput',
      `${((20 / total) * 60).toFixed(1)} recordings/min, ${((20 * clipSeconds) / total).toFixed(1)} s of audio per s`,
      '',
      '',
    ]);

    printBenchTable('Recording pipeline (server process, PGlite, 2 workers)', rows);
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
