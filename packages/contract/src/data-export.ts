import { z } from 'zod';
import { ZIdSchema } from './api.js';

// Export my data (issue 42 item 7, GDPR/FERPA access and portability): a person asks for a zip of
// everything Rostrum keeps about them; a job builds it, and they download it for a week.

/** How long a ready export can be downloaded, in days; then its zip is removed. */
export const DATA_EXPORT_LINK_DAYS = 7;

/** An export's life: queued (asked for), building (the job runs), then ready, failed or expired. */
export const DATA_EXPORT_STATES = ['queued', 'building', 'ready', 'failed', 'expired'] as const;
export type TDataExportState = (typeof DATA_EXPORT_STATES)[number];

/** Still on its way: a second request returns this one instead of starting another. */
export const isDataExportRunning = (state: TDataExportState | 'none') => state === 'queued' || state === 'building';

export const DATA_EXPORT_MSG = {
  notReady: 'This export is not ready yet.',
  expired: 'This export has expired. Ask for a new one on your profile.',
} as const;

/** The user shape's `dataExport`: the latest export in brief (null: never asked for one). */
export const ZDataExportSummarySchema = z.object({
  exportId: ZIdSchema,
  state: z.enum(DATA_EXPORT_STATES),
  /** Until when a ready export can be downloaded; null unless ready (or expired). */
  expiresAt: z.iso.datetime().nullable(),
});
export type TDataExportSummary = z.infer<typeof ZDataExportSummarySchema>;

/**
 * GET and POST me/data-export: the latest export. `state` 'none' when there never was one (the
 * other fields are then null). `progress` counts the recordings packed so far while building.
 */
export const ZDataExportSchema = z.object({
  exportId: ZIdSchema.nullable(),
  state: z.enum(['none', ...DATA_EXPORT_STATES]),
  requestedDate: z.iso.datetime().nullable(),
  readyDate: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  /** The zip's size in bytes, once ready. */
  sizeBytes: z.number().int().nonnegative().nullable(),
  progress: z.object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() }).nullable(),
  /** The API path that downloads the zip (the signed-in owner only), while ready. */
  downloadUrl: z.string().nullable(),
});
export type TDataExport = z.infer<typeof ZDataExportSchema>;

export const ZDataExportParamsSchema = z.object({ exportId: ZIdSchema });
