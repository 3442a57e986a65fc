import { readFileSync } from 'node:fs';

// What the word-spotting benches share: a true occurrence, the one-to-one scoring of hits against
// them, and reading a 16-bit WAV back.

/** A hit counts when its middle lies within this many seconds of a true occurrence of its phrase. */
export const TOLERANCE_SECONDS = 0.5;

export interface TOccurrence {
  phrase: string;
  from: number;
  to: number;
}

export interface TScore {
  truth: number;
  hits: number;
  truePositives: number;
}

/** One-to-one matching of hits to true occurrences of the same phrase, in time order. */
export function scoreHits(truth: readonly TOccurrence[], hits: readonly TOccurrence[]): TScore {
  const used = new Set<number>();
  let truePositives = 0;
  for (const h of [...hits].sort((a, b) => a.from - b.from)) {
    const mid = (h.from + h.to) / 2;
    const i = truth.findIndex(
      (t, k) => !used.has(k) && t.phrase === h.phrase && mid >= t.from - TOLERANCE_SECONDS && mid <= t.to + TOLERANCE_SECONDS,
    );
    if (i >= 0) {
      used.add(i);
      truePositives++;
    }
  }
  return { truth: truth.length, hits: hits.length, truePositives };
}

/** The samples of a 16-bit mono WAV file, as -1..1. */
export function readPcm16(file: string): Float32Array {
  const b = readFileSync(file);
  let at = 12;
  while (at + 8 <= b.length && b.toString('ascii', at, at + 4) !== 'data') at += 8 + b.readUInt32LE(at + 4);
  const n = Math.floor(Math.min(b.readUInt32LE(at + 4), b.length - at - 8) / 2);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = b.readInt16LE(at + 8 + 2 * i) / 32768;
  return out;
}
