// A second search for two voices, run when the agglomerative clustering proposes only one. Under
// noise the greedy merges join stretches of two voices early (noise flattens every unit's spectrum
// alike), and reassigning units by full-covariance likelihood keeps them joined: the merged
// cluster's broad Gaussian explains any unit better than a narrow one. Here the two sides share one
// covariance (pooled within the sides, from their frames), so a unit goes to the side whose mean is
// nearer in that metric (hard EM of a two-component, tied-covariance model over the units, like
// k-means after whitening), and neither side can win by being broad. Several deterministic starts;
// the split with the largest ΔBIC per frame (full covariances, as in the voice test) is returned.
import { deltaBic, emptyStats, mergeStats, type TGaussStats } from './bic-clustering.js';

export interface TTwoWaySplit {
  /** 0 or 1 per unit. */
  side: number[];
  /** ΔBIC per frame of the two sides (the voice test's statistic). */
  deltaBicPerFrame: number;
}

const ROUNDS = 20;

/** Inverse of a symmetric positive definite d x d matrix (Gauss-Jordan; d is 24). */
function invert(m: Float64Array, d: number): Float64Array {
  const a = Float64Array.from(m);
  const inv = new Float64Array(d * d);
  for (let i = 0; i < d; i++) inv[i * d + i] = 1;
  for (let c = 0; c < d; c++) {
    let p = c;
    for (let r = c + 1; r < d; r++) if (Math.abs(a[r * d + c] as number) > Math.abs(a[p * d + c] as number)) p = r;
    if (p !== c)
      for (let k = 0; k < d; k++) {
        [a[c * d + k], a[p * d + k]] = [a[p * d + k] as number, a[c * d + k] as number];
        [inv[c * d + k], inv[p * d + k]] = [inv[p * d + k] as number, inv[c * d + k] as number];
      }
    const piv = (a[c * d + c] as number) || 1e-12;
    for (let k = 0; k < d; k++) {
      a[c * d + k] = (a[c * d + k] as number) / piv;
      inv[c * d + k] = (inv[c * d + k] as number) / piv;
    }
    for (let r = 0; r < d; r++) {
      if (r === c) continue;
      const f = a[r * d + c] as number;
      if (f === 0) continue;
      for (let k = 0; k < d; k++) {
        a[r * d + k] = (a[r * d + k] as number) - f * (a[c * d + k] as number);
        inv[r * d + k] = (inv[r * d + k] as number) - f * (inv[c * d + k] as number);
      }
    }
  }
  return inv;
}

const meanOf = (s: TGaussStats): Float64Array => Float64Array.from(s.sum, (v) => v / Math.max(1, s.n));

/** Covariance pooled within the given groups of unit statistics (scatter around each group's mean), plus the ridge. */
function pooledCovariance(groups: readonly TGaussStats[], ridge: Float64Array): Float64Array {
  const d = ridge.length;
  const cov = new Float64Array(d * d);
  let n = 0;
  for (const g of groups) {
    if (g.n === 0) continue;
    const m = meanOf(g);
    for (let i = 0; i < d; i++)
      for (let j = 0; j < d; j++)
        cov[i * d + j] = (cov[i * d + j] as number) + (g.outer[i * d + j] as number) - g.n * (m[i] as number) * (m[j] as number);
    n += g.n;
  }
  for (let i = 0; i < d * d; i++) cov[i] = (cov[i] as number) / Math.max(1, n);
  for (let i = 0; i < d; i++) cov[i * d + i] = (cov[i * d + i] as number) + (ridge[i] as number);
  return cov;
}

function mahalanobis(x: Float64Array, y: Float64Array, inv: Float64Array): number {
  const d = x.length;
  let q = 0;
  for (let i = 0; i < d; i++) {
    const di = (x[i] as number) - (y[i] as number);
    for (let j = 0; j < d; j++) q += di * (inv[i * d + j] as number) * ((x[j] as number) - (y[j] as number));
  }
  return q;
}

function sideStats(units: readonly TGaussStats[], side: readonly number[], d: number): [TGaussStats, TGaussStats] {
  let a = emptyStats(d);
  let b = emptyStats(d);
  units.forEach((u, i) => {
    if (side[i] === 0) a = mergeStats(a, u);
    else b = mergeStats(b, u);
  });
  return [a, b];
}

/** Hard EM of two tied-covariance sides from a start; undefined when a side empties. */
function refine(units: readonly TGaussStats[], means: readonly Float64Array[], start: readonly number[], ridge: Float64Array): number[] | undefined {
  const d = ridge.length;
  let side = [...start];
  for (let round = 0; round < ROUNDS; round++) {
    const [a, b] = sideStats(units, side, d);
    if (a.n === 0 || b.n === 0) return undefined;
    const inv = invert(pooledCovariance([a, b], ridge), d);
    const ma = meanOf(a);
    const mb = meanOf(b);
    const next = means.map((m) => (mahalanobis(m, ma, inv) <= mahalanobis(m, mb, inv) ? 0 : 1));
    if (next.every((s, i) => s === side[i])) break;
    side = next;
  }
  return side.includes(0) && side.includes(1) ? side : undefined;
}

/** Deterministic starts: the two most different units, the first principal axis, time alternation, a given labelling. */
function starts(units: readonly TGaussStats[], means: readonly Float64Array[], ridge: Float64Array, given?: readonly number[]): number[][] {
  const d = ridge.length;
  const inv = invert(pooledCovariance(units, ridge), d);
  const out: number[][] = [];
  // The two units farthest apart (whitened by the within-unit covariance); every unit to the nearer.
  let far: [number, number] = [0, 1];
  let farthest = -1;
  for (let i = 0; i < means.length; i++)
    for (let j = i + 1; j < means.length; j++) {
      const q = mahalanobis(means[i] as Float64Array, means[j] as Float64Array, inv);
      if (q > farthest) [farthest, far] = [q, [i, j]];
    }
  const [fa, fb] = far.map((k) => means[k] as Float64Array) as [Float64Array, Float64Array];
  out.push(means.map((m) => (mahalanobis(m, fa, inv) <= mahalanobis(m, fb, inv) ? 0 : 1)));
  // Median split along the main axis of the whitened unit means (power iteration on their scatter).
  const all = units.reduce((s, u) => mergeStats(s, u), emptyStats(d));
  const centre = meanOf(all);
  const z = means.map((m) => Float64Array.from(m, (v, i) => v - (centre[i] as number)));
  let axis = Float64Array.from({ length: d }, (_, i) => 1 / Math.sqrt(d + i));
  for (let it = 0; it < 30; it++) {
    const next = new Float64Array(d);
    for (const v of z) {
      // axis^T inv v, then accumulate inv v times it (scatter in the whitened metric).
      const w = new Float64Array(d);
      for (let i = 0; i < d; i++) for (let j = 0; j < d; j++) w[i] = (w[i] as number) + (inv[i * d + j] as number) * (v[j] as number);
      let dot = 0;
      for (let i = 0; i < d; i++) dot += (axis[i] as number) * (v[i] as number);
      for (let i = 0; i < d; i++) next[i] = (next[i] as number) + dot * (w[i] as number);
    }
    const norm = Math.hypot(...next) || 1;
    axis = next.map((v) => v / norm);
  }
  const proj = z.map((v) => v.reduce((s, x, i) => s + x * (axis[i] as number), 0));
  const median = [...proj].sort((a, b) => a - b)[Math.floor(proj.length / 2)] as number;
  out.push(proj.map((p) => (p < median ? 0 : 1)));
  // Turn-taking: every other unit.
  out.push(means.map((_, i) => i % 2));
  if (given) out.push([...given]);
  return out;
}

/**
 * The best two-way split of the units found from several starts, by ΔBIC per frame; each side
 * must hold at least `minShare` of the frames. Undefined when no start gives such a split.
 */
export function twoWaySplit(
  units: readonly TGaussStats[],
  options: { lambda: number; ridge: Float64Array; minShare: number; given?: readonly number[] },
): TTwoWaySplit | undefined {
  if (units.length < 2) return undefined;
  const d = options.ridge.length;
  const means = units.map(meanOf);
  const total = units.reduce((s, u) => s + u.n, 0);
  let best: TTwoWaySplit | undefined;
  const seen = new Set<string>();
  for (const start of starts(units, means, options.ridge, options.given)) {
    const side = refine(units, means, start, options.ridge);
    if (!side) continue;
    const key = side[0] === 0 ? side.join('') : side.map((s) => 1 - s).join('');
    if (seen.has(key)) continue;
    seen.add(key);
    const [a, b] = sideStats(units, side, d);
    if (Math.min(a.n, b.n) < options.minShare * total) continue;
    const v = deltaBic(a, b, options) / (a.n + b.n);
    if (!best || v > best.deltaBicPerFrame) best = { side, deltaBicPerFrame: v };
  }
  return best;
}
