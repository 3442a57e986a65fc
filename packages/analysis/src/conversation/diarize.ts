import type { TContour } from '../signal/contour.js';
import type { TInterval } from '../signal/voice-activity.js';
import {
  addFrame,
  bicCluster,
  deltaBic,
  emptyStats,
  gaussModel,
  logLikelihood,
  mergeStats,
  type TGaussModel,
  type TGaussStats,
} from './bic-clustering.js';
import { speakerFeatureDims, speakerUnits, type TSpeakerUnit } from './speaker-features.js';

export interface TSpeakerSegment extends TInterval {
  /** 1-based, numbered in order of first appearance. */
  speaker: number;
}

export interface TDiarization {
  method: 'clustering' | 'channels' | 'single';
  numSpeakers: number;
  segments: TSpeakerSegment[];
  /** What the voice-count test measured (clustering only). */
  voiceTest?: TVoiceTest;
}

/** The one-voice-or-several test: its statistic and the decision it made. */
export interface TVoiceTest {
  /**
   * ΔBIC per frame (nats) of the last two voices the test weighed: one Gaussian for both against
   * one each. At or above SEVERAL_VOICES_DBIC_PER_FRAME they are two voices.
   */
  deltaBicPerFrame: number;
  /** How many voices the clustering proposed before the test merged alike ones. */
  proposed: number;
}

export const MAX_SPEAKERS = 5;
/**
 * BIC penalty weight. 1.25 with 24 cepstra kept one voice as one speaker and split every pair of
 * distinct espeak voices in the tests (docs/analysis/diarization.md, "Diarization"); 1 over-split, 1.75 merged pairs.
 */
export const BIC_LAMBDA = 1.25;
/** Units with fewer frames (0.5 s) are too short for a covariance; they are only assigned at the end. */
const MIN_UNIT_FRAMES = 50;
/** Ridge added to every covariance, as a share of the recording's variance per cepstrum. */
const RIDGE_SHARE = 0.01;
/** Without a hint, a "speaker" under this share of the talk is a cough or a shouted word. */
const MIN_SPEAKER_SHARE = 0.12;
const REFINE_ROUNDS = 2;
/**
 * The voice-count test's threshold: two clusters are two voices only when telling them apart gains
 * at least this much ΔBIC per frame (ΔBIC / frames of both, nats). BIC's own stop (ΔBIC > 0) grows
 * with the length of the recording (the likelihood gain is linear in frames, the penalty only
 * logarithmic), so a long monologue always "gains" from a split; per frame it does not (docs/analysis/diarization.md,
 * "Diarization"). Chosen on the TUNE half of the diarization bench (src/bench/diarization.accuracy.ts):
 * real monologues split in two reached at most 0.22, two real voices the clustering separated at least 0.26.
 */
export const SEVERAL_VOICES_DBIC_PER_FRAME = 0.25;

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

/**
 * Speech runs cut into units of up to 3 s, each a full-covariance Gaussian over 24 mel cepstra;
 * agglomerative ΔBIC clustering (to the hinted number of speakers, else until BIC says stop);
 * then every unit is reassigned to the speaker model that explains its frames best (twice).
 */
export function diarizeByClustering(
  samples: Float32Array,
  sampleRate: number,
  speech: readonly TInterval[],
  numSpeakers?: number,
  pitch?: TContour,
): TDiarization {
  const single = (): TDiarization => ({
    method: 'single',
    numSpeakers: 1,
    segments: tidySegments(speech.map((s) => ({ ...s, speaker: 1 }))),
  });
  const units = speakerUnits(samples, sampleRate, speech, pitch);
  const big = units.map((u, i) => ({ u, i })).filter(({ u }) => u.frames.length >= MIN_UNIT_FRAMES);
  if (big.length < 2) return single();
  const d = speakerFeatureDims(pitch);
  const all = emptyStats(d);
  for (const { u } of big) for (const f of u.frames) addFrame(all, f);
  const ridge = Float64Array.from(
    { length: d },
    (_, j) => RIDGE_SHARE * Math.max(1e-6, (all.outer[j * d + j] as number) / all.n - ((all.sum[j] as number) / all.n) ** 2),
  );
  const statsOf = (frames: readonly Float64Array[]): TGaussStats => {
    const s = emptyStats(d);
    for (const f of frames) addFrame(s, f);
    return s;
  };
  const hinted = numSpeakers && numSpeakers > 1 ? Math.min(MAX_SPEAKERS, numSpeakers, big.length) : undefined;
  const clustered = bicCluster(
    big.map(({ u }) => statsOf(u.frames)),
    { lambda: BIC_LAMBDA, ridge, target: hinted, maxClusters: MAX_SPEAKERS },
  );
  let labels = units.map(() => -1);
  big.forEach(({ i }, k) => {
    labels[i] = clustered[k] as number;
  });
  for (let round = 0; round < REFINE_ROUNDS; round++) labels = reassign(units, labels, ridge, statsOf);
  if (!hinted) {
    const talk = new Map<number, number>();
    units.forEach((u, i) => {
      talk.set(labels[i] as number, (talk.get(labels[i] as number) ?? 0) + u.to - u.from);
    });
    const total = [...talk.values()].reduce((a, b) => a + b, 0);
    const small = new Set([...talk].filter(([, t]) => t < MIN_SPEAKER_SHARE * total).map(([l]) => l));
    if (small.size > 0 && small.size < talk.size) labels = reassign(units, labels, ridge, statsOf, small);
  }
  // The hint (or BIC's stop) proposed a number of voices; the test keeps only those that differ.
  const proposed = new Set(labels.filter((l) => l >= 0)).size;
  const tested = mergeAlikeVoices(units, labels, ridge, statsOf);
  labels = tested.labels;
  const voiceTest: TVoiceTest = { deltaBicPerFrame: tested.deltaBicPerFrame, proposed };
  // A lone unit between two units of another voice is almost always a clustering slip.
  for (let i = 1; i + 1 < labels.length; i++) {
    const prev = labels[i - 1] as number;
    if (prev === labels[i + 1] && prev !== labels[i] && (units[i + 1] as TInterval).from - (units[i - 1] as TInterval).to < 1.5)
      labels[i] = prev;
  }
  const tidy = tidySegments(units.map((u, i) => ({ from: u.from, to: u.to, speaker: labels[i] as number })));
  const count = new Set(tidy.map((s) => s.speaker)).size;
  return count <= 1 ? { ...single(), voiceTest } : { method: 'clustering', numSpeakers: count, segments: tidy, voiceTest };
}

/**
 * The voice-count test: while the two closest clusters (by ΔBIC per frame) differ by less than
 * SEVERAL_VOICES_DBIC_PER_FRAME, they are one voice and are merged. Returns the labels and the
 * statistic of the last pair weighed (merged or kept).
 */
export function mergeAlikeVoices(
  units: readonly TSpeakerUnit[],
  labels: readonly number[],
  ridge: Float64Array,
  statsOf: (frames: readonly Float64Array[]) => TGaussStats,
): { labels: number[]; deltaBicPerFrame: number } {
  const out = [...labels];
  const members = new Map<number, Float64Array[]>();
  units.forEach((u, i) => {
    const l = out[i] as number;
    if (l < 0 || u.frames.length < MIN_UNIT_FRAMES) return;
    const list = members.get(l) ?? [];
    for (const f of u.frames) list.push(f);
    members.set(l, list);
  });
  const stats = new Map([...members].map(([l, frames]) => [l, statsOf(frames)]));
  let last = 0;
  while (stats.size > 1) {
    let best = Infinity;
    let pair: [number, number] = [-1, -1];
    const keys = [...stats.keys()];
    for (let i = 0; i < keys.length; i++)
      for (let j = i + 1; j < keys.length; j++) {
        const a = stats.get(keys[i] as number) as TGaussStats;
        const b = stats.get(keys[j] as number) as TGaussStats;
        const v = deltaBic(a, b, { lambda: BIC_LAMBDA, ridge }) / (a.n + b.n);
        if (v < best) {
          best = v;
          pair = [keys[i] as number, keys[j] as number];
        }
      }
    last = best;
    if (best >= SEVERAL_VOICES_DBIC_PER_FRAME) break;
    const [keep, gone] = pair;
    stats.set(keep, mergeStats(stats.get(keep) as TGaussStats, stats.get(gone) as TGaussStats));
    stats.delete(gone);
    for (let i = 0; i < out.length; i++) if (out[i] === gone) out[i] = keep;
  }
  return { labels: out, deltaBicPerFrame: last };
}

/**
 * Fits one Gaussian per speaker from the units long enough to have one (leaving out `drop`
 * speakers) and gives every unit the speaker under whose model its frames are most likely.
 * Units without frames take their predecessor's speaker.
 */
function reassign(
  units: readonly TSpeakerUnit[],
  labels: readonly number[],
  ridge: Float64Array,
  statsOf: (frames: readonly Float64Array[]) => TGaussStats,
  drop: ReadonlySet<number> = new Set(),
): number[] {
  const members = new Map<number, Float64Array[]>();
  units.forEach((u, i) => {
    const l = labels[i] as number;
    if (l < 0 || drop.has(l) || u.frames.length < MIN_UNIT_FRAMES) return;
    const list = members.get(l) ?? [];
    for (const f of u.frames) list.push(f);
    members.set(l, list);
  });
  const models: [number, TGaussModel][] = [...members].map(([l, frames]) => [l, gaussModel(statsOf(frames), ridge)]);
  if (models.length === 0) return [...labels];
  const out: number[] = [];
  units.forEach((u, i) => {
    if (u.frames.length === 0) {
      out.push(out[i - 1] ?? (models[0] as [number, TGaussModel])[0]);
      return;
    }
    let best = (models[0] as [number, TGaussModel])[0];
    let bestScore = -Infinity;
    for (const [l, m] of models) {
      let score = 0;
      for (const f of u.frames) score += logLikelihood(m, f);
      if (score > bestScore) {
        bestScore = score;
        best = l;
      }
    }
    out.push(best);
  });
  return out;
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

/**
 * The voice test's statistic for a given labelling of two speakers (for the bench: the true
 * speakers' separation, against which the clustering's own split is judged).
 */
export function voiceSeparation(samples: Float32Array, sampleRate: number, segments: readonly TSpeakerSegment[], pitch?: TContour): number {
  const d = speakerFeatureDims(pitch);
  const per = new Map<number, TGaussStats>();
  const all = emptyStats(d);
  for (const s of segments)
    for (const u of speakerUnits(samples, sampleRate, [s], pitch)) {
      if (u.frames.length < MIN_UNIT_FRAMES) continue;
      const st = per.get(s.speaker) ?? emptyStats(d);
      for (const f of u.frames) {
        addFrame(st, f);
        addFrame(all, f);
      }
      per.set(s.speaker, st);
    }
  const [a, b] = [...per.values()];
  if (!a || !b) return Number.NaN;
  const ridge = Float64Array.from(
    { length: d },
    (_, j) => RIDGE_SHARE * Math.max(1e-6, (all.outer[j * d + j] as number) / all.n - ((all.sum[j] as number) / all.n) ** 2),
  );
  return deltaBic(a, b, { lambda: BIC_LAMBDA, ridge }) / (a.n + b.n);
}
