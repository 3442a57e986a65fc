import type { TInterval } from '../signal/voice-activity.js';

/**
 * Cuts [0, duration] into pieces no longer than maxSeconds (and about `parts` of them),
 * placing each cut in the middle of the longest pause near the target point, so no word is split.
 */
export function chunkAtPauses(
  duration: number,
  speech: readonly TInterval[],
  options: { maxSeconds: number; parts?: number },
): TInterval[] {
  const parts = Math.max(options.parts ?? 1, Math.ceil(duration / options.maxSeconds));
  if (parts <= 1 || duration <= 0) return [{ from: 0, to: duration }];
  const gaps: { at: number; length: number }[] = [];
  for (let i = 1; i < speech.length; i++) {
    const a = speech[i - 1] as TInterval;
    const b = speech[i] as TInterval;
    gaps.push({ at: (a.to + b.from) / 2, length: b.from - a.to });
  }
  const target = duration / parts;
  const cuts: number[] = [];
  let from = 0;
  for (let k = 1; k < parts; k++) {
    const ideal = k * target;
    const lo = Math.max(from + 1, ideal - target * 0.25);
    const hi = Math.min(from + options.maxSeconds, ideal + target * 0.25);
    const near = gaps.filter((g) => g.at > lo && g.at < hi);
    const best = near.sort((p, q) => q.length - p.length)[0];
    const cut = best ? best.at : Math.min(ideal, from + options.maxSeconds);
    if (cut >= duration - 0.5) break;
    cuts.push(cut);
    from = cut;
  }
  const out: TInterval[] = [];
  let start = 0;
  for (const c of cuts) {
    out.push({ from: start, to: c });
    start = c;
  }
  out.push({ from: start, to: duration });
  return out;
}
