/** Deterministic k-means++ (seeded) on standardised rows; returns labels and the within-cluster cost. */
export function kMeans(rows: readonly number[][], k: number, seed = 7): { labels: number[]; cost: number } {
  let state = seed;
  const random = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const dist = (a: readonly number[], b: readonly number[]): number => {
    let s = 0;
    for (let i = 0; i < a.length; i++) s += ((a[i] as number) - (b[i] as number)) ** 2;
    return s;
  };
  const centres: number[][] = [[...(rows[Math.floor(random() * rows.length)] as number[])]];
  while (centres.length < k) {
    const d = rows.map((r) => Math.min(...centres.map((c) => dist(r, c))));
    const total = d.reduce((s, x) => s + x, 0);
    let pick = random() * total;
    let idx = 0;
    for (; idx < d.length - 1; idx++) {
      pick -= d[idx] as number;
      if (pick <= 0) break;
    }
    centres.push([...(rows[idx] as number[])]);
  }
  let labels = rows.map(() => 0);
  for (let iter = 0; iter < 50; iter++) {
    const next = rows.map((r) => {
      let best = 0;
      for (let c = 1; c < k; c++) if (dist(r, centres[c] as number[]) < dist(r, centres[best] as number[])) best = c;
      return best;
    });
    const changed = next.some((l, i) => l !== labels[i]);
    labels = next;
    for (let c = 0; c < k; c++) {
      const members = rows.filter((_, i) => labels[i] === c);
      if (members.length === 0) continue;
      centres[c] = (members[0] as number[]).map((_, j) => members.reduce((s, m) => s + (m[j] as number), 0) / members.length);
    }
    if (!changed) break;
  }
  const cost = rows.reduce((s, r, i) => s + dist(r, centres[labels[i] as number] as number[]), 0);
  return { labels, cost };
}

/** Mean silhouette (sampled) of a labelling: near 1 for well separated voices, near 0 for one voice. */
export function silhouette(rows: readonly number[][], labels: readonly number[], sample = 300): number {
  const step = Math.max(1, Math.floor(rows.length / sample));
  const dist = (a: readonly number[], b: readonly number[]): number => Math.sqrt(a.reduce((s, x, i) => s + (x - (b[i] as number)) ** 2, 0));
  let total = 0;
  let n = 0;
  const k = Math.max(...labels) + 1;
  for (let i = 0; i < rows.length; i += step) {
    const sums = new Array<number>(k).fill(0);
    const counts = new Array<number>(k).fill(0);
    for (let j = 0; j < rows.length; j += step) {
      if (i === j) continue;
      const l = labels[j] as number;
      sums[l] = (sums[l] as number) + dist(rows[i] as number[], rows[j] as number[]);
      counts[l] = (counts[l] as number) + 1;
    }
    const own = labels[i] as number;
    const a = (counts[own] as number) > 0 ? (sums[own] as number) / (counts[own] as number) : 0;
    let b = Infinity;
    for (let c = 0; c < k; c++) if (c !== own && (counts[c] as number) > 0) b = Math.min(b, (sums[c] as number) / (counts[c] as number));
    if (!Number.isFinite(b)) continue;
    total += (b - a) / Math.max(a, b, 1e-9);
    n++;
  }
  return n ? total / n : 0;
}
