// npm run bench (static files): what a first visit costs in Chromium on a slow phone, against a
// real server process (PGlite, demo data) serving the built web app (apps/web/dist).
//  - profile: CPU slowed 4x (CDP Emulation.setCPUThrottlingRate) and DevTools' "Fast 3G" network
//    (562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up: Network.emulateNetworkConditions);
//    every page in a fresh browser context, so nothing is cached.
//  - landing: / signed out. Results: /evaluate/<id> of a speech the demo speaker uploaded here,
//    signed in (the demo sign-in's key put in local storage before the page's first script).
//  - first-load JS: every script the page requested until it was interactive, as transferred
//    (compressed, with headers) and decoded; requests: every request until then.
//  - time to interactive: from navigation start, the latest of (a) the page's main control in the
//    DOM and enabled (landing: the Sign Up link; results: the waveform's Play button), (b) the
//    load event, and (c) the end of the last long task (>= 50 ms, PerformanceObserver 'longtask')
//    before 500 ms in which the main thread had no long task.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { printBenchTable, signIn, startServer, type TBenchRow, uploadRecording, waitAnalysed } from './bench-kit.js';

const WEB_INDEX = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist/index.html');
const MEDIA = path.join(os.tmpdir(), 'rostrum-bench-media');
const CPU_SLOWDOWN = 4;
const NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const QUIET_MS = 500;
/** Targets: a landing page that stays small, and a results page usable within seconds on a slow phone. */
const TARGETS = {
  landing: { jsKb: 200, ttiMs: 5000 },
  results: { jsKb: 500, ttiMs: 10000 },
} as const;

function speechClip(): string {
  mkdirSync(MEDIA, { recursive: true });
  const clip = path.join(MEDIA, 'static-bench-talk.wav');
  if (!existsSync(clip)) {
    execFileSync(
      'espeak-ng',
      [
        '-s',
        '150',
        '-w',
        clip,
        'Good morning everyone. Today I want to talk about why speaking clearly matters. When we rush, people stop listening. So slow down, pause, and let your ideas land. Thank you.',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  return clip;
}

/** Signs the demo speaker in, uploads a speech and waits for its results. */
async function seedResults(base: string): Promise<{ session: Record<string, string>; recordingId: string }> {
  const { session, auth } = await signIn(base);
  const recordingId = await uploadRecording(base, auth, speechClip(), { title: 'Speaking clearly', fileName: 'talk.wav' });
  const done = await waitAnalysed(base, auth, recordingId, { timeoutMs: 180_000, pollMs: 500 });
  if (done.state !== 'done') throw new Error(`analysis ${done.state}`);
  return { session, recordingId };
}

type TMeasure = { jsTransferred: number; jsDecoded: number; scripts: number; requests: number; ttiMs: number };

/** In the page before its first script: when the main control is ready, and every long task. */
function probe({ selector }: { selector: string }) {
  const w = window as unknown as { __bench: { readyAt: number | null; longTasks: [number, number][]; loaded: boolean } };
  w.__bench = { readyAt: null, longTasks: [], loaded: false };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longTasks.push([e.startTime, e.startTime + e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    const el = document.querySelector(selector) as HTMLButtonElement | null;
    if (w.__bench.readyAt === null && el && !el.disabled) w.__bench.readyAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  window.addEventListener('load', () => {
    w.__bench.loaded = true;
  });
}

async function measure(browser: Browser, url: string, selector: string, storage: Record<string, string> | null): Promise<TMeasure> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  try {
    if (storage) {
      await context.addInitScript((entries) => {
        for (const [k, v] of Object.entries(entries)) window.localStorage.setItem(k, v);
      }, storage);
    }
    await context.addInitScript(probe, { selector });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    // Requests by id, with their start on the page's clock (CDP timestamps are seconds since an origin).
    const requests = new Map<string, { at: number; script: boolean; transferred: number; decoded: number }>();
    cdp.on('Network.requestWillBeSent', (e) => {
      requests.set(e.requestId, { at: e.timestamp, script: e.type === 'Script', transferred: 0, decoded: 0 });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r && e.type === 'Script') r.script = true;
    });
    cdp.on('Network.dataReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.decoded += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.transferred = e.encodedDataLength;
    });

    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    // Wait for the control, the load event and a quiet main thread.
    let tti = 0;
    for (;;) {
      if (Date.now() - started > 120_000) throw new Error(`${url}: not interactive within 120 s`);
      await new Promise((r) => setTimeout(r, 100));
      const s = await page.evaluate(() => {
        const b = (window as unknown as { __bench: { readyAt: number | null; longTasks: [number, number][]; loaded: boolean } }).__bench;
        const load = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        return { ...b, loadAt: load?.loadEventEnd ?? 0, now: performance.now() };
      });
      if (s.readyAt === null || !s.loaded || !s.loadAt) continue;
      const lastTaskEnd = Math.max(0, ...s.longTasks.map(([, end]) => end));
      const candidate = Math.max(s.readyAt, s.loadAt, lastTaskEnd);
      if (s.now - candidate >= QUIET_MS) {
        tti = candidate;
        break;
      }
    }
    // Requests started before the page became interactive (CDP's clock: the navigation's first request is 0).
    const all = [...requests.values()];
    const t0 = Math.min(...all.map((r) => r.at));
    const early = all.filter((r) => (r.at - t0) * 1000 <= tti);
    const scripts = early.filter((r) => r.script);
    return {
      jsTransferred: scripts.reduce((n, r) => n + r.transferred, 0),
      jsDecoded: scripts.reduce((n, r) => n + r.decoded, 0),
      scripts: scripts.length,
      requests: early.length,
      ttiMs: tti,
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function rows(label: string, m: TMeasure, target: { jsKb: number; ttiMs: number }): TBenchRow[] {
  return [
    [
      `${label}: first-load JS (transferred / decoded)`,
      `${kb(m.jsTransferred)} / ${kb(m.jsDecoded)} in ${m.scripts} scripts`,
      `< ${target.jsKb} kB transferred`,
      m.jsTransferred < target.jsKb * 1024 ? 'pass' : 'FAIL',
    ],
    [`${label}: requests until interactive`, String(m.requests), '', ''],
    [
      `${label}: time to interactive`,
      `${(m.ttiMs / 1000).toFixed(2)} s`,
      `< ${(target.ttiMs / 1000).toFixed(0)} s`,
      m.ttiMs < target.ttiMs ? 'pass' : 'FAIL',
    ],
  ];
}

async function main() {
  if (!existsSync(WEB_INDEX)) throw new Error(`no web build at ${WEB_INDEX}: npm run build -w @rostrum/web`);
  const server = await startServer({ name: 'static', env: { JOB_POLL_SECONDS: '0.5' }, upTries: 150 });
  const base = server.base;
  let browser: Browser | null = null;
  try {
    const { session, recordingId } = await seedResults(base);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
    const landing = await measure(browser, `${base}/`, 'a[href="/sign-up"]', null);
    const results = await measure(
      browser,
      `${base}/evaluate/${recordingId}`,
      '[data-testid="waveform"] button[aria-label="Play"]',
      session,
    );
    printBenchTable(`Static files: first visit in Chromium (CPU ${CPU_SLOWDOWN}x slower, Fast 3G network, empty cache)`, [
      ...rows('landing /, signed out', landing, TARGETS.landing),
      ...rows('results page, signed in', results, TARGETS.results),
    ]);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
