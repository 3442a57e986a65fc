// The recogniser's own competing words for the words it was unsure of: pocketsphinx's word lattice
// (HTK format, from pocketsphinx_batch -outlatfmt htk) holds every word it kept alive over each
// stretch, each arc with its posterior probability. A word's alternatives are the other words the
// lattice holds over (most of) the same time, their posteriors summed across pronunciations and
// neighbouring start frames. Nothing is invented: no lattice, no alternatives.
import { normaliseWord } from './transcriber.js';
import type { TInterval } from '../signal/voice-activity.js';

export interface TAlternative {
  text: string;
  /** Lattice posterior, 0..1. */
  confidence: number;
}

/** One lattice arc: the word on its start node, from that node's time to the end node's. */
export interface TLatticeArc {
  text: string;
  start: number;
  end: number;
  posterior: number;
}

/** Arcs below this posterior are noise in the lattice, not an alternative worth showing. */
export const MIN_ALTERNATIVE_POSTERIOR = 0.05;
/** At most this many alternatives a word. */
export const MAX_ALTERNATIVES = 3;
/** Audio either side of an unsure word handed to the lattice pass, so the word is heard in context (seconds). */
export const LATTICE_MARGIN_SECONDS = 0.4;

/** Parses an HTK lattice; `offset` (seconds) puts its times on the recording's clock. */
export function parseHtkLattice(text: string, offset: number): TLatticeArc[] {
  const nodes = new Map<number, { t: number; w: string }>();
  const arcs: { s: number; e: number; p: number }[] = [];
  for (const line of text.split('\n')) {
    const fields = Object.fromEntries(
      line
        .trim()
        .split(/\s+/)
        .map((f) => f.split('=') as [string, string])
        .filter((f) => f.length === 2),
    );
    if (fields.I !== undefined && fields.t !== undefined && fields.W !== undefined)
      nodes.set(Number(fields.I), { t: Number(fields.t), w: fields.W });
    else if (fields.J !== undefined && fields.S !== undefined && fields.E !== undefined)
      arcs.push({ s: Number(fields.S), e: Number(fields.E), p: Number(fields.p ?? 0) });
  }
  const out: TLatticeArc[] = [];
  for (const a of arcs) {
    const from = nodes.get(a.s);
    const to = nodes.get(a.e);
    // !NULL (silence and noise), !SENT_START and !SENT_END carry no word.
    if (!from || !to || from.w.startsWith('!') || !Number.isFinite(a.p)) continue;
    const textOf = normaliseWord(from.w);
    if (!textOf) continue;
    out.push({ text: textOf, start: offset + from.t, end: offset + to.t, posterior: Math.min(1, Math.max(0, a.p)) });
  }
  return out;
}

/** The word's competitors: lattice words other than it over at least half of its time and half of theirs. */
export function alternativesFor(word: { text: string; start: number; end: number }, arcs: readonly TLatticeArc[]): TAlternative[] {
  const mass = new Map<string, number>();
  const length = Math.max(0.01, word.end - word.start);
  for (const a of arcs) {
    if (a.text === word.text) continue;
    const overlap = Math.min(a.end, word.end) - Math.max(a.start, word.start);
    if (overlap < 0.5 * length || overlap < 0.5 * Math.max(0.01, a.end - a.start)) continue;
    mass.set(a.text, (mass.get(a.text) ?? 0) + a.posterior);
  }
  return [...mass]
    .map(([text, p]) => ({ text, confidence: Math.round(Math.min(1, p) * 1000) / 1000 }))
    .filter((a) => a.confidence >= MIN_ALTERNATIVE_POSTERIOR)
    .sort((p, q) => q.confidence - p.confidence || p.text.localeCompare(q.text))
    .slice(0, MAX_ALTERNATIVES);
}

/** The stretches (piece-relative seconds, inside [0, length]) the lattice pass decodes: each unsure word with a margin, overlaps merged. */
export function latticeStretches(words: readonly { start: number; end: number }[], length: number): TInterval[] {
  const out: TInterval[] = [];
  for (const w of [...words].sort((p, q) => p.start - q.start)) {
    const from = Math.max(0, w.start - LATTICE_MARGIN_SECONDS);
    const to = Math.min(length, w.end + LATTICE_MARGIN_SECONDS);
    const last = out[out.length - 1];
    if (last && from <= last.to) last.to = Math.max(last.to, to);
    else if (to > from) out.push({ from, to });
  }
  return out;
}
