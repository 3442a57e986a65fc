// Speaker clustering by the Bayesian information criterion (Chen & Gopalakrishnan 1998): each stretch
// of speech is a full-covariance Gaussian over its feature frames; the two stretches whose merged
// Gaussian costs least (ΔBIC) are merged, again and again, until every merge would cost more than
// the extra parameters of a separate speaker save (or until the hinted number of speakers is left).

/** Sufficient statistics of a Gaussian: frame count, sum and sum of outer products. */
export interface TGaussStats {
  n: number;
  sum: Float64Array;
  /** d x d, row-major. */
  outer: Float64Array;
}

export function emptyStats(d: number): TGaussStats {
  return { n: 0, sum: new Float64Array(d), outer: new Float64Array(d * d) };
}

export function addFrame(s: TGaussStats, x: ArrayLike<number>): void {
  const d = s.sum.length;
  s.n++;
  for (let i = 0; i < d; i++) {
    const xi = x[i] as number;
    s.sum[i] = (s.sum[i] as number) + xi;
    for (let j = 0; j < d; j++) s.outer[i * d + j] = (s.outer[i * d + j] as number) + xi * (x[j] as number);
  }
}

export function mergeStats(a: TGaussStats, b: TGaussStats): TGaussStats {
  const sum = new Float64Array(a.sum.length);
  for (let i = 0; i < sum.length; i++) sum[i] = (a.sum[i] as number) + (b.sum[i] as number);
  const outer = new Float64Array(a.outer.length);
  for (let i = 0; i < outer.length; i++) outer[i] = (a.outer[i] as number) + (b.outer[i] as number);
  return { n: a.n + b.n, sum, outer };
}

/** Mean and covariance (with a small ridge so short stretches stay invertible). */
export function gaussian(s: TGaussStats, ridge: Float64Array): { mean: Float64Array; cov: Float64Array } {
  const d = s.sum.length;
  const mean = Float64Array.from(s.sum, (v) => v / Math.max(1, s.n));
  const cov = new Float64Array(d * d);
  for (let i = 0; i < d; i++)
    for (let j = 0; j < d; j++)
      cov[i * d + j] =
        (s.outer[i * d + j] as number) / Math.max(1, s.n) -
        (mean[i] as number) * (mean[j] as number) +
        (i === j ? (ridge[i] as number) : 0);
  return { mean, cov };
}

/** In-place Cholesky of a symmetric positive definite d x d matrix; returns log determinant. */
function cholesky(m: Float64Array, d: number): number {
  let logDet = 0;
  for (let j = 0; j < d; j++) {
    let s = m[j * d + j] as number;
    for (let k = 0; k < j; k++) s -= (m[j * d + k] as number) ** 2;
    const diag = Math.sqrt(Math.max(s, 1e-12));
    m[j * d + j] = diag;
    logDet += 2 * Math.log(diag);
    for (let i = j + 1; i < d; i++) {
      let t = m[i * d + j] as number;
      for (let k = 0; k < j; k++) t -= (m[i * d + k] as number) * (m[j * d + k] as number);
      m[i * d + j] = t / diag;
    }
  }
  return logDet;
}

/** A Gaussian ready to score frames: mean, Cholesky factor and log determinant. */
export interface TGaussModel {
  mean: Float64Array;
  chol: Float64Array;
  logDet: number;
}

export function gaussModel(s: TGaussStats, ridge: Float64Array): TGaussModel {
  const { mean, cov } = gaussian(s, ridge);
  const logDet = cholesky(cov, s.sum.length);
  return { mean, chol: cov, logDet };
}

/** Log likelihood of one frame (without the constant term). */
export function logLikelihood(m: TGaussModel, x: ArrayLike<number>): number {
  const d = m.mean.length;
  const z = new Float64Array(d);
  let q = 0;
  for (let i = 0; i < d; i++) {
    let t = (x[i] as number) - (m.mean[i] as number);
    for (let k = 0; k < i; k++) t -= (m.chol[i * d + k] as number) * (z[k] as number);
    z[i] = t / (m.chol[i * d + i] as number);
    q += (z[i] as number) ** 2;
  }
  return -0.5 * (q + m.logDet);
}

export interface TBicOptions {
  /** Penalty weight (1 is textbook BIC; larger merges more readily). */
  lambda: number;
  /** Stop at this many clusters (merging past the BIC stop if needed). */
  target?: number;
  /** Never keep more clusters than this. */
  maxClusters?: number;
  /** Per-dimension variance added to every covariance. */
  ridge: Float64Array;
}

let scratchBuffer = new Float64Array(0);

/** Log determinant of the covariance of a (merged with b, when given), using `scratch` (d x d). */
function logDetInto(scratch: Float64Array, ridge: Float64Array, a: TGaussStats, b?: TGaussStats): number {
  const d = a.sum.length;
  const n = a.n + (b ? b.n : 0);
  const inv = 1 / Math.max(1, n);
  for (let i = 0; i < d; i++) {
    const mi = ((a.sum[i] as number) + (b ? (b.sum[i] as number) : 0)) * inv;
    for (let j = 0; j <= i; j++) {
      const mj = ((a.sum[j] as number) + (b ? (b.sum[j] as number) : 0)) * inv;
      const o = (a.outer[i * d + j] as number) + (b ? (b.outer[i * d + j] as number) : 0);
      scratch[i * d + j] = o * inv - mi * mj + (i === j ? (ridge[i] as number) : 0);
    }
  }
  return cholesky(scratch, d);
}

/** ΔBIC of merging two clusters: negative means one Gaussian explains both about as well. */
export function deltaBic(
  a: TGaussStats,
  b: TGaussStats,
  options: Pick<TBicOptions, 'lambda' | 'ridge'>,
  cache?: Map<TGaussStats, number>,
): number {
  const d = a.sum.length;
  if (scratchBuffer.length !== d * d) scratchBuffer = new Float64Array(d * d);
  const scratch = scratchBuffer;
  const ld = (s: TGaussStats): number => {
    const hit = cache?.get(s);
    if (hit !== undefined) return hit;
    const v = logDetInto(scratch, options.ridge, s);
    cache?.set(s, v);
    return v;
  };
  const n = a.n + b.n;
  const gain = 0.5 * (n * logDetInto(scratch, options.ridge, a, b) - a.n * ld(a) - b.n * ld(b));
  const penalty = 0.5 * (d + (d * (d + 1)) / 2) * Math.log(n);
  return gain - options.lambda * penalty;
}

interface TCluster {
  stats: TGaussStats;
  members: number[];
}

/** Agglomerative clustering of stretches by ΔBIC; returns a cluster label (0-based, dense) per stretch. */
export function bicCluster(units: readonly TGaussStats[], options: TBicOptions): number[] {
  const clusters: TCluster[] = units.map((s, i) => ({ stats: s, members: [i] }));
  const cache = new Map<TGaussStats, number>();
  const n = clusters.length;
  // Pairwise ΔBIC, kept up to date as clusters merge (null = gone).
  const dist: (Float64Array | null)[] = clusters.map(() => new Float64Array(n).fill(Infinity));
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      (dist[i] as Float64Array)[j] = deltaBic((clusters[i] as TCluster).stats, (clusters[j] as TCluster).stats, options, cache);
  const alive = new Set(clusters.map((_, i) => i));
  const maxClusters = options.maxClusters ?? Infinity;
  for (;;) {
    if (alive.size <= Math.max(1, options.target ?? 1)) break;
    let best = Infinity;
    let bi = -1;
    let bj = -1;
    for (const i of alive)
      for (const j of alive) {
        if (j <= i) continue;
        const v = (dist[i] as Float64Array)[j] as number;
        if (v < best) {
          best = v;
          bi = i;
          bj = j;
        }
      }
    if (bi < 0) break;
    if (best > 0 && options.target === undefined && alive.size <= maxClusters) break;
    const a = clusters[bi] as TCluster;
    const b = clusters[bj] as TCluster;
    a.stats = mergeStats(a.stats, b.stats);
    a.members.push(...b.members);
    alive.delete(bj);
    dist[bj] = null;
    for (const k of alive) {
      if (k === bi) continue;
      const v = deltaBic(a.stats, (clusters[k] as TCluster).stats, options, cache);
      if (k < bi) (dist[k] as Float64Array)[bi] = v;
      else (dist[bi] as Float64Array)[k] = v;
    }
  }
  const labels = new Array<number>(units.length).fill(0);
  [...alive].forEach((c, label) => {
    for (const m of (clusters[c] as TCluster).members) labels[m] = label;
  });
  return labels;
}
