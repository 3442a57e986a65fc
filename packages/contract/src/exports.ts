import { z } from 'zod';

// Export (issue 20): the transcript as WebVTT, SRT and plain text, the results as JSON (the
// Results shape) and CSV, and a one-page PDF report. GET recordings/{id}/export/{format}.

export const EXPORT_FORMATS = ['vtt', 'srt', 'txt', 'json', 'csv', 'pdf'] as const;
export const ZExportFormatSchema = z.enum(EXPORT_FORMATS);
export type TExportFormat = z.infer<typeof ZExportFormatSchema>;

/** The Download menu's items, in this order. */
export const EXPORT_LABELS: Record<TExportFormat, string> = {
  vtt: 'Transcript (WebVTT)',
  srt: 'Transcript (SRT subtitles)',
  txt: 'Transcript (plain text)',
  json: 'Results (JSON)',
  csv: 'Metrics (CSV)',
  pdf: 'Report (PDF)',
};

export const ZExportParamsSchema = z.object({ id: z.guid().toLowerCase(), format: ZExportFormatSchema });
