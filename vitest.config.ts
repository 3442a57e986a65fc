import { defineConfig } from 'vitest/config';

// One runner for every package: `npx vitest run --project <name>` runs one of them.
export default defineConfig({
  test: {
    // Two files at a time. Vitest's default on a 2-core machine is one, but server files spend
    // much of their time waiting on PostgreSQL, ffmpeg and the analysis; each file has a database
    // of its own, so files are independent.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'analysis',
          include: ['packages/analysis/src/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // Web logic and components are tested in a DOM (Testing Library); e2e covers the browser.
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
