import { quantile, type TContour } from '../signal/contour.js';
import type { TInterval } from '../signal/voice-activity.js';
import { kMeans, silhouette } from './cluster-speakers.js';
import { speakerWindows } from './speaker-features.js';

export interface TSpeakerSegment extends TInterval {
  /** 1-based, numbered in order of first appearance. */
  speaker: number;
}

export interface TDiarization {
  method: 'clustering' | 'channels' | 'single';
  numSpeakers: number;
  segments: TSpeakerSegment[];
}

export const MAX_SPEAKERS = 5;
// Pitch level separates voices best (about 12 semitones between a typical male and female
// voice); the cepstra tell apart two voices of similar pitch.
const PITCH_WEIGHT = 4;
const CEPSTRUM_WEIGHT = 0.5;

/** Numbers speakers by first appearance and merges touching segments of the same speaker. */
export function tidySegments(segments: readonly TSpeakerSegment[]): TSpeakerSegment[] {
  const order = new Map<number, number>();
  const sorted = [...segments].sort((a, b) => a.from - b.from);
  for (const s of sorted) if (!order.has(s.speaker)) order.set(s.speaker, order.size + 1);
  const out: TSpeakerSegment[] = [];
  for (const s of sorted) {
    const speaker = order.get(s.speaker) ?? 1;
    const last = out[out.length - 1];
    if (last && last.speaker === speaker && s.from - last.to < 0.02) last.to = s.to;
    else out.push({ from: s.from, to: s.to, speaker });
  }
  return out;
}

/** Voice activity, then per-window voice features, then k-means (k from the hint or by silhouette). */
export function diarizeByClustering(
  samples: Float32Array,
  sampleRate: number,
  speech: readonly TInterval[],
  pitch: TContour,
  numSpeakers?: number,
): TDiarization {
  const windows = speakerWindows(samples, sampleRate, speech, pitch);
  if (windows.length < 4 || numSpeakers === 1) {
    return { method: 'single', numSpeakers: 1, segments: tidySegments(speech.map((s) => ({ ...s, speaker: 1 }))) };
  }
  const dims = (windows[0] as { features: number[] }).features.length;
  const columns = Array.from({ length: dims }, (_, j) => windows.map((w) => w.features[j] as number).filter((v) => Number.isFinite(v)));
  const centre = columns.map((c) => quantile(c, 0.5));
  const scale = columns.map((c) => Math.max(1e-6, quantile(c, 0.84) - quantile(c, 0.16)) / 2);
  const rows = windows.map((w) =>
    w.features.map((v, j) => {
      const z = Number.isFinite(v) ? (v - (centre[j] as number)) / (scale[j] as number) : 0;
      // Pitch spread is left out: one octave slip of the tracker makes it jump, and it split voices apart.
      return j === dims - 2 ? z * PITCH_WEIGHT : j === dims - 1 ? 0 : z * CEPSTRUM_WEIGHT;
    }),
  );
  let labels: number[];
  if (numSpeakers && numSpeakers > 1) labels = kMeans(rows, Math.min(MAX_SPEAKERS, numSpeakers, rows.length)).labels;
  else {
    let best = { score: 0.25, labels: rows.map(() => 0) };
    for (let k = 2; k <= Math.min(MAX_SPEAKERS, Math.floor(rows.length / 4)); k++) {
      const run = kMeans(rows, k);
      const score = silhouette(rows, run.labels);
      // One more speaker must earn its place: a clearly better separation, not a marginal one.
      if (score > best.score + (k > 2 ? 0.05 : 0)) best = { score, labels: run.labels };
    }
    labels = best.labels;
  }
  labels = absorbSmallClusters(rows, labels);
  // A lone window between two windows of another voice is almost always a clustering slip.
  for (let i = 1; i + 1 < labels.length; i++) {
    const prev = labels[i - 1] as number;
    if (prev === labels[i + 1] && prev !== labels[i] && (windows[i + 1] as TInterval).from - (windows[i - 1] as TInterval).to < 1.5) labels[i] = prev;
  }
  // Stretch windows over the whole speech interval they came from, so no speech goes unassigned.
  const segments: TSpeakerSegment[] = [];
  for (const s of speech) {
    const inside = windows.map((w, i) => ({ w, l: labels[i] as number })).filter(({ w }) => w.from >= s.from - 1e-6 && w.to <= s.to + 1e-6);
    if (inside.length === 0) continue;
    inside.forEach(({ w, l }, k) => {
      segments.push({ from: k === 0 ? s.from : w.from, to: k === inside.length - 1 ? s.to : w.to, speaker: l });
    });
  }
  const tidy = tidySegments(segments);
  return { method: 'clustering', numSpeakers: new Set(tidy.map((s) => s.speaker)).size, segments: tidy };
}

/** One speaker per channel: each speech stretch goes to the channel that is loudest there. */
export function diarizeByChannels(intensities: readonly TContour[], speech: readonly TInterval[]): TDiarization {
  const segments: TSpeakerSegment[] = [];
  for (const s of speech) {
    // Decide in 0.5 s steps so quick exchanges inside one stretch are split.
    for (let t = s.from; t < s.to - 1e-6; t += 0.5) {
      const to = Math.min(s.to, t + 0.5);
      let best = 0;
      let bestLevel = -Infinity;
      intensities.forEach((c, ch) => {
        let sum = 0;
        let n = 0;
        for (let i = Math.round(t / c.step); i <= Math.round(to / c.step); i++) {
          const v = c.values[i];
          if (v !== undefined) {
            sum += 10 ** (v / 10);
            n++;
          }
        }
        const level = n ? sum / n : 0;
        if (level > bestLevel) {
          bestLevel = level;
          best = ch;
        }
      });
      segments.push({ from: t, to, speaker: best });
    }
  }
  const tidy = tidySegments(segments);
  return { method: 'channels', numSpeakers: new Set(tidy.map((x) => x.speaker)).size, segments: tidy };
}

/** A "speaker" with under 12% of the windows is usually a cough or a shouted word: fold it into the nearest voice. */
function absorbSmallClusters(rows: readonly number[][], labels: number[]): number[] {
  const k = Math.max(...labels) + 1;
  const members = Array.from({ length: k }, (_, c) => rows.filter((_, i) => labels[i] === c));
  const centres = members.map((m) => (m.length ? (m[0] as number[]).map((_, j) => m.reduce((s, r) => s + (r[j] as number), 0) / m.length) : null));
  const big = members.map((m) => m.length >= 0.12 * rows.length);
  if (!big.some(Boolean)) return labels;
  return labels.map((l, i) => {
    if (big[l]) return l;
    let best = l;
    let bestDistance = Infinity;
    centres.forEach((c, j) => {
      if (!c || !big[j]) return;
      const d = c.reduce((s, v, q) => s + (v - ((rows[i] as number[])[q] as number)) ** 2, 0);
      if (d < bestDistance) {
        bestDistance = d;
        best = j;
      }
    });
    return best;
  });
}
