import { configDefaults, defineConfig } from 'vitest/config';

/** Server test files that mock a module or switch on module-wide state: each gets fresh modules. */
const SERVER_FILES_WITH_MODULE_STATE = [
  'apps/server/src/modules/auth/auth.security.test.ts',
  'apps/server/src/observability/error-reporting.test.ts',
];

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
          exclude: [...configDefaults.exclude, ...SERVER_FILES_WITH_MODULE_STATE],
          // Each file starts its own app on a database of its own, so files can share one module
          // graph per worker: loading Fastify, Drizzle and the routes once, not once per file,
          // saves most of the server tests' import time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-isolated',
          include: SERVER_FILES_WITH_MODULE_STATE,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          // Web logic and components are tested in a DOM (Testing Library); e2e covers the browser.
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
