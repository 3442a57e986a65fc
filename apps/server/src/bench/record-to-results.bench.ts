// npm run bench (record to results): how long a speaker waits for results after pressing Stop on
// a browser recording that uploaded while it was made (issue 19, live capture). A real server
// process (PGlite, demo data, the built web app, the worker's default job poll) and Chromium whose
// fake microphone plays a speech file once (espeak-ng's talk repeated to the recording's length).
// The demo speaker records in the Record tab for BENCH_RECORD_SECONDS (default 300, real time),
// presses Stop, types a title and presses Save; the clock runs from the Stop click to the
// results page showing its scores. The page polls a take recorded in the browser every 2 s while
// it processes, so the figure includes up to 2 s of waiting for the next poll; the split shows
// when the server had the results, and the analysis's own stages come from the server's log
// ("analysis finished"). BENCH_LOG_LEVEL=info echoes the server's whole log.
// Target: results within 15 s of stopping a 5-minute recording.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { printBenchTable, signIn, startServer } from './bench-kit.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WEB_INDEX = path.resolve(HERE, '../../../web/dist/index.html');
const MEDIA = path.join(os.tmpdir(), 'rostrum-bench-media');
let BASE = '';
const SECONDS = Number(process.env.BENCH_RECORD_SECONDS ?? 300);
const TARGET_S = 15;
/** The browser tests' talk (e2e/global-setup.ts). */
const TALK = [
  'Good morning everyone, and thank you for coming today.',
  'I want to talk about how we can make our weekly meetings shorter and more useful.',
  'First, we will share an agenda the day before, so everybody arrives prepared.',
  'Second, we will end every meeting with clear decisions and owners.',
].join(' ');

/** The talk, mono 16 kHz, repeated to a few seconds more than the recording. */
function speechFile(seconds: number): string {
  mkdirSync(MEDIA, { recursive: true });
  const raw = path.join(MEDIA, 'record-bench-talk.wav');
  if (!existsSync(raw)) execFileSync('espeak-ng', ['-s', '150', '-w', raw, TALK], { stdio: ['ignore', 'ignore', 'inherit'] });
  const long = path.join(MEDIA, `record-bench-talk-${seconds}s.wav`);
  if (!existsSync(long)) {
    // The talk is about 17 s with a short pause after it; `repeat` adds copies, `trim` cuts the length.
    const copies = String(Math.ceil((seconds + 10) / 15));
    execFileSync('sox', [
      raw,
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      long,
      'pad',
      '0',
      '0.6',
      'repeat',
      copies,
      'trim',
      '0',
      String(seconds + 10),
    ]);
  }
  return long;
}

/**
 * Resolves with the time the recording's results are ready on the server (polled every 250 ms);
 * `firstSeen` gets when each processing state was first seen.
 */
async function serverDone(recordingId: string, auth: string, until: number, firstSeen: Map<string, number>): Promise<number> {
  for (;;) {
    const res = await fetch(`${BASE}/api/v1/recordings/${recordingId}`, { headers: { authorization: auth } });
    const state = res.ok ? ((await res.json()) as { data: { state: string } }).data.state : '';
    if (state && !firstSeen.has(state)) firstSeen.set(state, Date.now());
    if (state === 'done') return Date.now();
    if (state === 'failed' || Date.now() > until) throw new Error(`analysis ${state}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface TTimes {
  stop: number;
  uploaded: number;
  save: number;
  ready: number;
  shown: number;
  patchesWhileRecording: number;
  takeSeconds: number;
  firstSeen: Map<string, number>;
}

async function recordAndSave(browser: Browser, session: Record<string, string>, auth: string): Promise<TTimes> {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript((entries) => {
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, session);
    const page = await context.newPage();
    let patches = 0;
    let uploaded = 0;
    let stopped = false;
    page.on('response', (r) => {
      const req = r.request();
      if (req.method() !== 'PATCH' || !/\/api\/v1\/uploads\/[^/?]+$/.test(r.url()) || r.status() !== 204) return;
      if (!stopped) patches += 1;
      // The last PATCH declares the length (tus with a deferred length).
      if (req.headers()['upload-length']) uploaded = Date.now();
    });
    await page.goto('/record');
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await page.getByText('Recording', { exact: true }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(SECONDS * 1000);
    const stop = Date.now();
    stopped = true;
    await page.getByRole('button', { name: 'Stop' }).click();
    const form = page.getByRole('form', { name: 'Save your recording' });
    await form.getByLabel('Title').fill('Five-minute live take');
    const badge = (await form.locator('.recording-preview__badge').textContent()) ?? '';
    const save = Date.now();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/evaluate\/[0-9a-f-]{36}$/, { timeout: 120_000 });
    const recordingId = page.url().split('/').pop() ?? '';
    const until = Date.now() + 15 * 60_000;
    const firstSeen = new Map<string, number>();
    const [ready] = await Promise.all([
      serverDone(recordingId, auth, until, firstSeen),
      page.getByLabel(/^Vocal Delivery: \d+\.\d out of 10$/).waitFor({ timeout: until - Date.now() }),
    ]);
    const shown = Date.now();
    const [m, s] = badge.split(':');
    return { stop, uploaded, save, ready, shown, patchesWhileRecording: patches, takeSeconds: Number(m) * 60 + Number(s), firstSeen };
  } finally {
    await context.close();
  }
}

const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** "uploading 1.2 s, computing 3.4 s, done 9.0 s": when the bench's polling first saw each state. */
function states(t: TTimes): string {
  return [...t.firstSeen].map(([state, at]) => `${state} ${sec(at - t.stop)}`).join(', ');
}

/** The last "analysis finished" log line's stage timings; the whole log echoed when BENCH_LOG_LEVEL=info. */
function analysisStages(log: NodeJS.ReadableStream) {
  const echo = process.env.BENCH_LOG_LEVEL === 'info';
  let last: { ms: Record<string, number>; transcribedPrefix?: number } | null = null;
  createInterface({ input: log }).on('line', (line) => {
    if (echo) console.log(line);
    try {
      const entry = JSON.parse(line) as { msg?: string; ms?: Record<string, number>; transcribedPrefix?: number };
      if (entry.msg === 'analysis finished' && entry.ms) last = { ms: entry.ms, transcribedPrefix: entry.transcribedPrefix };
    } catch {
      // Not a JSON log line.
    }
  });
  return {
    summary(): string {
      const s = last as { ms: Record<string, number>; transcribedPrefix?: number } | null;
      if (!s) return 'no log line';
      const at = (k: string) => ((s.ms[k] ?? 0) / 1000).toFixed(1);
      return `decode ${at('decode')}, prosody ${at('prosody')}, transcription ${at('transcription')} (live before: ${(s.transcribedPrefix ?? 0).toFixed(1)} s of audio), metrics ${at('metrics')}, playback ${at('playback')} alongside; process ${at('child')}`;
    },
  };
}

async function main() {
  if (!existsSync(WEB_INDEX)) throw new Error(`no web build at ${WEB_INDEX}: npm run build -w @rostrum/web`);
  const audio = speechFile(SECONDS);
  let stages: ReturnType<typeof analysisStages> | undefined;
  const server = await startServer({
    name: 'record',
    env: { LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
    onSpawn: (child) => {
      stages = analysisStages(child.stdout!);
    },
  });
  BASE = server.base;
  let browser: Browser | null = null;
  try {
    const { session, auth } = await signIn(BASE);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        ...['--no-sandbox', '--disable-gpu', '--disable-quic'],
        ...['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${audio}%noloop`],
      ],
    });
    const t = await recordAndSave(browser, session, auth);
    const total = (t.shown - t.stop) / 1000;
    const minutes = SECONDS % 60 === 0 ? `${SECONDS / 60}-minute` : `${SECONDS} s`;
    const [load1] = os.loadavg();
    printBenchTable(`Record to results: a ${minutes} browser recording uploaded while recording (load average ${load1?.toFixed(2)})`, [
      [`record-to-results, ${minutes} recording`, `${total.toFixed(1)} s`, `<= ${TARGET_S} s`, total <= TARGET_S ? 'PASS' : 'FAIL'],
      ['  stop -> upload complete', t.uploaded ? sec(t.uploaded - t.stop) : 'no final PATCH seen', '', ''],
      ['  stop -> results ready on the server', sec(t.ready - t.stop), '', ''],
      ['  save -> results page shows scores', sec(t.shown - t.save), '', ''],
      ['  server states, first seen after Stop', states(t), '', ''],
      ['  analysis job stages (s)', stages?.summary() ?? '', '', ''],
      ['  take length; PATCHes while recording', `${t.takeSeconds.toFixed(1)} s; ${t.patchesWhileRecording}`, '', ''],
    ]);
    if (total > TARGET_S) process.exitCode = 1;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
