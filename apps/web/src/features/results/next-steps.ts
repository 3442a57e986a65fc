import { METRIC_TITLES, type TTips } from '@rostrum/contract';

/** Titles of what to work on: the metrics, plus the filler words the tips may name. */
export const WORK_ON_TITLES: Record<string, string> = { ...METRIC_TITLES, fillerWords: 'Filler Words' };

export interface TFocusItem {
  /** The metric key it is about ('fillerWords' included), or null. */
  key: string | null;
  /** What to work on ("Pace"), or null for a tip that names no metric (nothing to fix). */
  title: string | null;
  tip: string;
}

/**
 * The "Focus on" summary under the score: the Next Steps tips, in their order, each with the metric
 * it is about (tips.main pairs workOn[i] with tips[i]). Nothing here is written anew.
 */
export function focusOn(tips: TTips, max = 3): TFocusItem[] {
  const { workOn, tips: texts } = tips.main;
  return texts.slice(0, max).map((tip, i) => {
    const key = workOn[i];
    return { key: key ?? null, title: key ? (WORK_ON_TITLES[key] ?? key) : null, tip };
  });
}
