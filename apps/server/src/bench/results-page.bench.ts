// npm run bench (results page): how soon the results page of a long recording is interactive
// with every voice lane shown. A real server process (PGlite, demo data, the built web app, the
// in-process worker) analyses a BENCH_PAGE_MINUTES (default 15) espeak-ng talk uploaded through
// the API; then Chromium opens its results page RUNS times, each in a fresh context (nothing
// cached). "Interactive" is the first moment the waveform's Play button is enabled, the lanes
// are drawn and the Vocal Delivery dial shows its score, from the start of navigation. After
// that, zooming in must redraw the lanes (the time from the click to the new picture), and the
// long tasks (over 50 ms) the main thread ran during load are summed, as in Total Blocking Time.
// Target: interactive within 1.5 s for a 15-minute recording.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { printBenchTable, signIn, startServer, uploadRecording, waitAnalysed } from './bench-kit.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WEB_INDEX = path.resolve(HERE, '../../../web/dist/index.html');
const MEDIA = path.join(os.tmpdir(), 'rostrum-bench-media');
const MINUTES = Number(process.env.BENCH_PAGE_MINUTES ?? 15);
const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 5);
const TARGET_MS = 1500;

const TALK = [
  'Good morning everyone, and thank you for coming today.',
  'Um, I want to talk about how we can make our weekly meetings shorter and more useful.',
  'First, we will share an agenda the day before, so everybody arrives prepared.',
  'Uh, second, we will end every meeting with clear decisions and owners.',
].join(' ');

/** The talk at two speeds and pitches, with pauses, repeated to `minutes`; mono 16 kHz WAV. */
function longTalk(minutes: number): string {
  mkdirSync(MEDIA, { recursive: true });
  const out = path.join(MEDIA, `results-page-talk-${minutes}min.wav`);
  if (existsSync(out)) return out;
  const a = path.join(MEDIA, 'results-page-a.wav');
  const b = path.join(MEDIA, 'results-page-b.wav');
  execFileSync('espeak-ng', ['-s', '140', '-p', '40', '-w', a, TALK]);
  execFileSync('espeak-ng', ['-s', '185', '-p', '60', '-w', b, TALK]);
  const pair = path.join(MEDIA, 'results-page-pair.wav');
  execFileSync('sox', [a, b, '-r', '16000', '-c', '1', '-b', '16', pair, 'pad', '0', '1.2']);
  const seconds = minutes * 60;
  const copies = String(Math.ceil(seconds / 20));
  execFileSync('sox', [pair, out, 'repeat', copies, 'trim', '0', String(seconds)]);
  for (const f of [a, b, pair]) rmSync(f, { force: true });
  return out;
}

interface TRun {
  interactive: number;
  zoomRedraw: number;
  blocking: number;
}

async function openResults(browser: Browser, base: string, session: Record<string, string>, recordingId: string): Promise<TRun> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript((entries) => {
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
      // Long tasks from the start of the page, for the blocking time.
      (window as unknown as { __long: number[] }).__long = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) (window as unknown as { __long: number[] }).__long.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    }, session);
    const page = await context.newPage();
    const t0 = Date.now();
    await page.goto(`/evaluate/${recordingId}`, { waitUntil: 'commit' });
    // One plain DOM check a frame: Playwright's role and label locators compute accessible names
    // across the whole page (6,000 elements for a 15-minute talk) on every poll, on the same main
    // thread as the page being measured.
    await page.waitForFunction(
      () => {
        const play = document.querySelector<HTMLButtonElement>('[data-testid="waveform"] button[aria-label="Play"]');
        const lanes = document.querySelector('[data-testid="voice-lanes"][data-drawn="true"]');
        const dial = document.querySelector('[aria-label^="Vocal Delivery: "]');
        return !!play && !play.disabled && !!lanes && /^Vocal Delivery: \d+\.\d out of 10$/.test(dial?.getAttribute('aria-label') ?? '');
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    const interactive = Date.now() - t0;
    const blocking = await page.evaluate(() =>
      (window as unknown as { __long: number[] }).__long.reduce((s, d) => s + Math.max(0, d - 50), 0),
    );
    const canvas = page.locator('[data-lane="pitch"] canvas');
    const print = () => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
    const before = await print();
    const z0 = Date.now();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    while ((await print()) === before) {
      if (Date.now() - z0 > 10_000) throw new Error('the lanes did not redraw after zooming');
    }
    return { interactive, zoomRedraw: Date.now() - z0, blocking };
  } finally {
    await context.close();
  }
}

/** The body's size as sent (before any decoding) and its Content-Encoding. */
function wireSize(url: URL, headers: Record<string, string>): Promise<{ wire: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let wire = 0;
        res.on('data', (chunk: Buffer) => {
          wire += chunk.length;
        });
        res.on('end', () => resolve({ wire, encoding: String(res.headers['content-encoding'] ?? 'none') }));
      })
      .on('error', reject);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (!existsSync(WEB_INDEX)) throw new Error(`no web build at ${WEB_INDEX}: npm run build -w @rostrum/web`);
  const audio = longTalk(MINUTES);
  const server = await startServer({ name: 'page' });
  let browser: Browser | null = null;
  try {
    const { base } = server;
    const { session, auth } = await signIn(base);
    const recordingId = await uploadRecording(base, auth, audio, { title: `${MINUTES}-minute talk` });
    const done = await waitAnalysed(base, auth, recordingId, { timeoutMs: 20 * 60_000, pollMs: 1000 });
    if (done.state !== 'done') throw new Error(`analysis ${done.state}`);
    // As a browser asks for them; counted as sent (fetch would count the bytes after decoding).
    const sizes = await Promise.all(
      [done.recording.lanesUrl, `/api/v1/recordings/${recordingId}?expand=tips,timestamped`, done.recording.peaksUrl].map((u) =>
        wireSize(new URL(String(u), base), { 'accept-encoding': 'gzip, deflate, br', authorization: auth }),
      ),
    );
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
    const runs: TRun[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await openResults(browser, base, session, recordingId));
    const interactive = median(runs.map((r) => r.interactive));
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
    printBenchTable(`Results page: a ${MINUTES}-minute recording with every voice lane (median of ${RUNS} cold loads, 1440 x 900)`, [
      ['results page interactive, all lanes drawn', `${interactive} ms`, `<= ${TARGET_MS} ms`, interactive <= TARGET_MS ? 'PASS' : 'FAIL'],
      ['  each load (ms)', runs.map((r) => r.interactive).join(', '), '', ''],
      ['  zoom in -> lanes redrawn', `${median(runs.map((r) => r.zoomRedraw))} ms`, '', ''],
      ['  long tasks while loading (blocking time)', `${median(runs.map((r) => r.blocking))} ms`, '', ''],
      ['  on the wire: lanes / recording with results / peaks', sizes.map((x) => `${kb(x.wire)} (${x.encoding})`).join(' / '), '', ''],
    ]);
    if (interactive > TARGET_MS) process.exitCode = 1;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
