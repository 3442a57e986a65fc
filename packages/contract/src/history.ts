import { z } from 'zod';
import { ZIdSchema } from './api.js';
import { ZIdealSchema } from './results.js';

// The history page (001 section 2): one score plotted across recordings, with its ideal zone.

export const PLOTTABLE_DIALS = [
  { key: 'overall', label: 'Vocal Delivery' },
  { key: 'strengthOfOpening', label: 'Strength of Opening' },
  { key: 'clarity', label: 'Clarity' },
  { key: 'pace', label: 'Pace (syllables per second)' },
  { key: 'pauseToTalk', label: 'Pausing (pause-to-talk ratio %)' },
  { key: 'varietyVolume', label: 'Variety of Volume (in-band %)' },
  { key: 'varietyPace', label: 'Variety of Pace' },
  { key: 'varietyPitch', label: 'Variety of Pitch' },
] as const;
export type TPlottableDial = (typeof PLOTTABLE_DIALS)[number]['key'];

export const ZHistoryPointSchema = z.object({
  recordingId: z.uuid(),
  title: z.string(),
  createdDate: z.iso.datetime(),
  /** Plottable values: the dials above and the 20 vibes, by key. */
  values: z.record(z.string(), z.number()),
  ideals: z.record(z.string(), ZIdealSchema),
});
export type THistoryPoint = z.infer<typeof ZHistoryPointSchema>;

export const ZHistoryQuerySchema = z.object({ userId: ZIdSchema.optional() });

export const ZUnsubscribeBodySchema = z.object({ unsubscribeCode: z.string().trim().min(16).max(100) }).strict();
