import { z } from 'zod';
import { ZIdSchema } from '@rostrum/contract';
import { defineJob } from '../../jobs/job-types.js';

// The data-export module's jobs: building a zip when someone asks (POST me/data-export), and the
// hourly removal of zips whose download time has passed. Handlers are loaded when a job first runs.

/** A build that failed (storage unreachable, a worker restart) is tried twice more, a minute apart and doubling. */
const BUILD_RETRY = { retryLimit: 2, retryDelay: 60, retryBackoff: true } as const;

export const buildDataExportJob = defineJob({
  name: 'build-data-export',
  payload: z.object({ exportId: ZIdSchema }),
  options: BUILD_RETRY,
  load: async () => {
    const { handleBuildDataExport, handleBuildDataExportAbandoned } = await import('./build-data-export.job.js');
    return { handle: handleBuildDataExport, abandoned: handleBuildDataExportAbandoned };
  },
});

/** How often the workers remove expired export zips. */
const EXPIRE_DATA_EXPORTS_EVERY_SECONDS = 3600;

/** Periodic: ready exports past their expiry lose their zip and are marked expired. */
export const expireDataExportsJob = defineJob({
  name: 'expire-data-exports',
  payload: z.object({}),
  options: { retryLimit: 2, retryDelay: 60, retryBackoff: false },
  everySeconds: EXPIRE_DATA_EXPORTS_EVERY_SECONDS,
  load: async () => {
    const { handleExpireDataExports } = await import('./expire-data-exports.job.js');
    return { handle: async (deps) => void (await handleExpireDataExports(deps)) };
  },
});
