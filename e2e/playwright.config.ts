import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:8181';
const port = new URL(baseURL).port || '8181';

// A fresh database and mail outbox for every run; tests read the outbox through E2E_DATA_DIR.
// Worker processes inherit E2E_DATA_DIR from the runner, so only the runner wipes the folder.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(here, '.tmp', 'e2e-data');
if (!process.env.E2E_DATA_DIR) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  process.env.E2E_DATA_DIR = dataDir;
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: '.tmp/test-results',
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node ../apps/server/dist/main.js --seed-demo',
    cwd: here,
    url: `${baseURL}/api/v1/health`,
    env: { PORT: port, DATA_DIR: dataDir, PUBLIC_URL: baseURL, LOG_LEVEL: 'warn' },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
