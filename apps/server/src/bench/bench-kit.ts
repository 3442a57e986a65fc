import { createServer } from 'node:net';

/** A benchmark's result line: what was measured, the figure, its target and pass/FAIL. */
export type TBenchRow = [benchmark: string, measured: string, target: string, verdict: string];

/** Prints the rows as a Markdown table under a title, as `npm run bench` shows every benchmark. */
export function printBenchTable(title: string, rows: TBenchRow[]): void {
  const header: TBenchRow = ['benchmark', 'measured', 'target', ''];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...[header, ...rows].map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
}

/** Waits until the benchmarked server answers its health check (200 ms between tries). */
export async function waitUntilUp(base: string, tries: number): Promise<void> {
  for (let i = 0; i < tries; i++) {
    const up = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A port nothing listens on now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
