import type { TIdeal, TSpan } from '@rostrum/contract';

export function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** 1 inside the ideal range, falling linearly to 0 at the ends of the full range. */
export function bandScore(value: number, ideal: TIdeal): number {
  if (!Number.isFinite(value)) return 0.5;
  if (value < ideal.idealMin) return clamp((value - ideal.min) / Math.max(1e-9, ideal.idealMin - ideal.min), 0, 1);
  if (value > ideal.idealMax) return clamp((ideal.max - value) / Math.max(1e-9, ideal.max - ideal.idealMax), 0, 1);
  return 1;
}

/**
 * Signed distance from the ideal band, scaled so the band spans -2..2 and the clamp is -4..4:
 * a variety bar (4 + spread) then sits between 2 and 6 when ideal (spec 001 section 9).
 */
export function spreadFor(value: number, ideal: TIdeal): number {
  const width = Math.max(1e-9, ideal.idealMax - ideal.idealMin);
  const mid = (ideal.idealMin + ideal.idealMax) / 2;
  return round(clamp((4 * (value - mid)) / width, -4, 4), 2);
}

export function round(x: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** Joins neighbouring out-of-band spans into hot spots for the waveform. */
export function mergeSpans(spans: readonly TSpan[], gap = 0.05): TSpan[] {
  const out: TSpan[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && s.from - last.to <= gap && Math.sign(s.spread) === Math.sign(last.spread)) {
      last.to = s.to;
      if (Math.abs(s.spread) > Math.abs(last.spread)) last.spread = s.spread;
    } else out.push({ ...s });
  }
  return out;
}
