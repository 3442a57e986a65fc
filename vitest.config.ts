import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Server test files that mock a module or switch on module-wide state: each gets fresh modules. */
const SERVER_FILES_WITH_MODULE_STATE = [
  'apps/server/src/modules/auth/auth.security.test.ts',
  'apps/server/src/observability/error-reporting.test.ts',
];

/**
 * The longest files (a few minutes each; measured with the JSON reporter in .tmp/vitest.json) start
 * first, so two workers finish together instead of one running the multi-node test alone at the
 * end. Vitest orders by its cache of earlier runs, which a clean clone (CI) does not have.
 */
const SLOW_FILES = [
  'apps/server/src/test/multi-node.test.ts',
  'apps/server/src/jobs/restart-resume.test.ts',
  'apps/server/src/modules/recordings/recordings.routes.test.ts',
  'apps/server/src/test/authorization-matrix.test.ts',
  'apps/server/src/modules/live-captures/live-captures.routes.test.ts',
  'apps/server/src/jobs/worker-crash.test.ts',
  'apps/server/src/modules/auth/auth.security.test.ts',
  'apps/server/src/test/api-fuzz.test.ts',
];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = SLOW_FILES.findIndex((p) => f.moduleId.endsWith(p));
      return i < 0 ? SLOW_FILES.length : i;
    };
    // Array sort is stable: the rest keep Vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// One runner for every package: `npx vitest run --project <name>` runs one of them.
export default defineConfig({
  test: {
    // Two files at a time. Vitest's default on a 2-core machine is one, but server files spend
    // much of their time waiting on PostgreSQL, ffmpeg and the analysis; each file has a database
    // of its own, so files are independent.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          // Pure functions and schemas, no module state: files share one module graph per worker
          // (importing the schemas again for each file cost more than the tests).
          isolate: false,
        },
      },
      {
        test: {
          name: 'analysis',
          include: ['packages/analysis/src/**/*.test.ts'],
          // No module state or mocks either: one module graph per worker.
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
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
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          // Web logic and components are tested in a DOM (Testing Library); e2e covers the browser.
          // Each file keeps its own DOM and modules: the pages' module state (session, query
          // caches, stored preferences) would otherwise carry from one file to the next.
          environment: 'jsdom',
          // ...each in a VM context of a long-lived worker thread, not a new process per file:
          // starting a process and loading jsdom, React, Recharts and the icons again for each
          // file took 138 s of the web files' run against 34 s (the tests themselves about 30 s).
          pool: 'vmThreads',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
