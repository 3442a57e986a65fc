import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_COLLECTOR_DSN } from './error-collector';
import { stripeStandInPort } from './stripe/stand-in-port';
import { HUB_CLIENT_ID, HUB_CLIENT_SECRET, HUB_ORG_CODE, hubStandInPort } from './hub/stand-in';
import { zoomStandInPort } from './zoom/stand-in-port';
import { ltiStandInPort } from './lti/stand-in-port';

const here = path.dirname(fileURLToPath(import.meta.url));
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:8181';
const port = new URL(baseURL).port || '8181';
const stripePort = stripeStandInPort(baseURL);
const hubPort = hubStandInPort(baseURL);
const zoomPort = zoomStandInPort(baseURL);
const ltiPort = ltiStandInPort(baseURL);

// A fresh database and mail outbox for every run; tests read the outbox through E2E_DATA_DIR.
// Worker processes inherit E2E_DATA_DIR from the runner, so only the runner wipes the folder.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(here, '.tmp', 'e2e-data');
if (!process.env.E2E_DATA_DIR) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  process.env.E2E_DATA_DIR = dataDir;
}

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// The intake specs record from a fake microphone that plays a speech WAV made by global-setup.ts.
const fakeMicArgs = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${path.join(here, '.tmp', 'media', 'speech.wav')}`,
  '--autoplay-policy=no-user-gesture-required',
];

// Two lanes, each one spec file at a time (a file's tests keep their order). They run one after
// the other by default: side by side (E2E_WORKERS=2) they starve each other of the 2 cores and
// time out; they stay apart so that a bigger machine can run them together:
// - `northwind`: the specs that change state other specs read: Sales Team's privacy levels (the
//   manage, results and history specs read them), the Northwind admin's mode, COMM 101's levels,
//   a Northwind speaker's comment rights (unsubscribe-page); with every admin@northwind spec, and
//   the sign-up and settings specs that could run in either lane (they keep the lanes even).
// - `isolated`: specs whose data nobody else asserts on and that read nothing the first lane
//   changes: the demo speaker's own recordings, Summit's assignments, signed-out pages; in a
//   browser with the fake microphone the intake specs record from.
// A spec that starts changing shared state belongs in `northwind`.
const ISOLATED = [
  /intake-.*\.spec\.ts/,
  // Summit's assignments: one after the other (a spec archives Elevator Pitch for a moment, the
  // editor's journey records with the fake microphone).
  /assignment-.*\.spec\.ts/,
  // Summit's coach dashboard: records into Elevator Pitch, restores the coach's choices after.
  /coach-dashboard\.spec\.ts/,
  /results-conversation\.spec\.ts/,
  // The demo speaker's own recording and its share links (Northwind allows them from the seed).
  /results-export-share\.spec\.ts/,
  // The demo speaker's own hesitation talk (results-fillers).
  /results-fillers\.spec\.ts/,
  /results-assignments\.spec\.ts/,
  /route-guard\.spec\.ts/,
  /subscription-guard\.spec\.ts/,
  /sign-up-errors\.spec\.ts/,
  /security-headers\.spec\.ts/,
  /eu-consent\.spec\.ts/,
  /keyboard-and-small-screen\.spec\.ts/,
  // Summit's speaker's own recordings and remembered dashboard choices.
  /speaker-dashboard\.spec\.ts/,
  // Signs in through the hub as Riverside's student, whom no other spec reads.
  /hub-sign-in\.spec\.ts/,
  // Records from the fake microphone as a new speaker; writes a Summit assignment, archived after.
  /a11y-keyboard-journeys\.spec\.ts/,
  // A fresh LTI student records from the fake microphone into a new Summit assignment, archived after.
  /lti-journey\.spec\.ts/,
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: '.tmp/test-results',
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    baseURL,
    // Pages poll a processing recording every 10 s; the web app's test hook (app/poll-interval.ts)
    // makes it every 1 s, so a spec waiting for results or a failure stops waiting sooner.
    storageState: {
      cookies: [],
      origins: [{ origin: new URL(baseURL).origin, localStorage: [{ name: 'rostrum.pollMs', value: '1000' }] }],
    },
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
    // No trace by default: recording one costs a third of every test's time on 2 cores (measured
    // on speaker-dashboard.spec.ts: 36.8 s with the default trace, 27.8 s with DOM snapshots but no
    // screencast, 24.4 s without). A failing test keeps its screenshot and error-context.md (the
    // page's ARIA tree); `npx playwright test --trace retain-on-failure` records traces when needed.
    trace: 'off',
    // As a user who prefers reduced motion: charts draw at once (Recharts' animations follow the
    // setting), so nothing waits for an animation and the browser does not paint its frames.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'northwind', testIgnore: ISOLATED, workers: 1 },
    {
      name: 'isolated',
      testMatch: ISOLATED,
      workers: 1,
      use: { launchOptions: { executablePath: '/usr/bin/chromium', args: [...chromiumArgs, ...fakeMicArgs] } },
    },
  ],
  webServer: [
    // Card payments go to a local Stripe stand-in (Stripe cannot be reached from here); the
    // browser gets a Stripe.js test double that confirms payments there (tests/stripe-double.ts).
    {
      command: `node ../apps/server/dist/test/stripe-stand-in-server.js ${stripePort}`,
      cwd: here,
      url: `http://127.0.0.1:${stripePort}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // Sign-in through a partner hub goes to a local OpenID provider (panva's oidc-provider) with
    // its development login form; Riverside's student signs in there (tests/hub-sign-in.spec.ts).
    {
      command: `node ../apps/server/dist/test/oidc-stand-in-server.js ${hubPort} ${baseURL}`,
      cwd: here,
      url: `http://127.0.0.1:${hubPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
    // Zoom cloud recordings come from a local Zoom stand-in (OAuth and recordings endpoints) whose
    // user has three meetings; its files serve a speech WAV (tests/zoom-import.spec.ts).
    {
      command: `node ../apps/server/dist/test/zoom-stand-in-server.js ${zoomPort} ${path.join(here, '.tmp', 'media', 'zoom-meeting.wav')}`,
      cwd: here,
      url: `http://127.0.0.1:${zoomPort}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // A learning platform (LTI 1.3) with a course page and editor that launch Rostrum in an iframe
    // and receive its grades (tests/lti-journey.spec.ts); 127.0.0.1 is in URL_FETCH_ALLOW_HOSTS.
    {
      command: `node ../apps/server/dist/test/lti-platform-stand-in-server.js ${ltiPort}`,
      cwd: here,
      url: `http://127.0.0.1:${ltiPort}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node ../apps/server/dist/main.js --seed-demo',
      cwd: here,
      url: `${baseURL}/api/v1/health`,
      env: {
        PORT: port,
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        // The URL intake spec serves media from 127.0.0.1; every other private address stays refused.
        URL_FETCH_ALLOW_HOSTS: '127.0.0.1,localhost',
        JOB_POLL_SECONDS: '0.5',
        // Both lanes upload recordings: two analyses at once, so neither lane queues behind the other.
        WORKER_CONCURRENCY: '2',
        SENTRY_DSN: ERROR_COLLECTOR_DSN,
        SENTRY_ENVIRONMENT: 'e2e',
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e_standin',
        STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
        HUB_ISSUER: `http://127.0.0.1:${hubPort}`,
        HUB_CLIENT_ID,
        HUB_CLIENT_SECRET,
        HUB_ORG_CODE,
        // The stand-in's account carries the student's verified email: linked on its first sign-in.
        HUB_LINK_VERIFIED_EMAIL: 'true',
        SUPPORT_EMAIL: 'support@rostrum.test',
        ZOOM_CLIENT_ID: 'zoom-standin-client',
        ZOOM_CLIENT_SECRET: 'zoom-standin-secret',
        // Test only: a fixed 32-byte key (hex) for the Zoom tokens at rest.
        ZOOM_TOKEN_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
        ZOOM_OAUTH_BASE: `http://127.0.0.1:${zoomPort}`,
        ZOOM_API_BASE: `http://127.0.0.1:${zoomPort}/v2`,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
