import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built server every benchmark starts as its own process. */
const SERVER_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.js');

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
  throw new Error(`the server at ${base} did not answer its health check`);
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

/** The demo data's speaker (npm start's seed), whom the browser benchmarks sign in as. */
export const DEMO_SPEAKER = { email: 'speaker@northwind.example', password: 'rostrum-demo' } as const;

/** The data of an API answer, or an error naming the status and the server's message. */
export async function apiData<T = Record<string, unknown>>(res: Response): Promise<T> {
  const body = (await res.json()) as { data?: unknown; errors?: { message: string }[] };
  if (!res.ok) throw new Error(`${res.status} ${body.errors?.[0]?.message}`);
  return body.data as T;
}

export interface TSignedIn {
  /** The Authorization header's value. */
  auth: string;
  /** What the web app keeps in local storage, to open pages signed in. */
  session: Record<string, string>;
}

/** Signs a user in through the API. */
export async function signIn(base: string, who: { email: string; password: string } = DEMO_SPEAKER): Promise<TSignedIn> {
  const d = await apiData<{ apiKey: string; orgCode: string; expires: string }>(
    await fetch(`${base}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(who),
    }),
  );
  return {
    auth: `Bearer ${d.orgCode}-${d.apiKey}`,
    session: { 'rostrum.apiKey': d.apiKey, 'rostrum.orgCode': d.orgCode, 'rostrum.apiKeyExpires': d.expires },
  };
}

/**
 * POST recordings, then the file through tus in 8 MB PATCHes (as the web app's uploader);
 * `fields` add to or replace the recording's (title defaults to the file's name).
 */
export async function uploadRecording(base: string, auth: string, file: string, fields: Record<string, unknown> = {}): Promise<string> {
  const size = statSync(file).size;
  const name = path.basename(file);
  const { recordingId } = await apiData<{ recordingId: string }>(
    await fetch(`${base}/api/v1/recordings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth },
      body: JSON.stringify({ title: name, source: 'ui upload form', fileName: name, fileSize: size, ...fields }),
    }),
  );
  const tus = { 'tus-resumable': '1.0.0', authorization: auth };
  const created = await fetch(`${base}/api/v1/uploads`, {
    method: 'POST',
    headers: { ...tus, 'upload-length': String(size), 'upload-metadata': `recordingId ${Buffer.from(recordingId).toString('base64')}` },
  });
  if (created.status !== 201) throw new Error(`tus POST ${created.status}`);
  const location = new URL(created.headers.get('location') ?? '', base).toString();
  let offset = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 8 * 1024 * 1024 })) {
    const res = await fetch(location, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(chunk as Buffer),
    });
    if (res.status !== 204) throw new Error(`tus PATCH ${res.status}: ${await res.text()}`);
    offset += (chunk as Buffer).length;
  }
  return recordingId;
}

/**
 * Polls a recording until its analysis ends ('done' or 'failed') or the time is up ('timeout');
 * returns the recording as last read and when that was.
 */
export async function waitAnalysed(
  base: string,
  auth: string,
  recordingId: string,
  { timeoutMs = 600_000, pollMs = 250 } = {},
): Promise<{ state: string; at: number; recording: Record<string, unknown> }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const recording = await apiData(await fetch(`${base}/api/v1/recordings/${recordingId}`, { headers: { authorization: auth } }));
    const state = String(recording.state);
    if (state === 'done' || state === 'failed') return { state, at: Date.now(), recording };
    if (Date.now() > until) return { state: 'timeout', at: Date.now(), recording };
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

export interface TBenchServer {
  base: string;
  process: ChildProcess;
  /** Stops the server and deletes its data folder. */
  stop(): Promise<void>;
}

/**
 * The built server (dist/main.js) as its own process on a free port (or `port`), with its own
 * data folder (PGlite, media), started with `args` (default: the demo data) and answering.
 */
export async function startServer({
  name,
  args = ['--seed-demo'],
  env = {},
  port,
  stdio = ['ignore', 'inherit', 'inherit'],
  nodeOptions = [],
  upTries = 300,
  onSpawn,
  dataDir: givenDataDir,
}: {
  name: string;
  /** A data folder prepared beforehand (kept on stop); by default a new one, deleted on stop. */
  dataDir?: string;
  args?: string[];
  /** Added to this process's environment; an undefined value removes the variable. */
  env?: Record<string, string | undefined>;
  port?: number;
  stdio?: StdioOptions;
  nodeOptions?: string[];
  upTries?: number;
  /** Called before waiting for the server: a piped output must be read from the start. */
  onSpawn?: (child: ChildProcess) => void;
}): Promise<TBenchServer> {
  const p = port ?? (await freePort());
  const base = `http://127.0.0.1:${p}`;
  const dataDir = givenDataDir ?? mkdtempSync(path.join(os.tmpdir(), `rostrum-bench-${name}-`));
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(p), PUBLIC_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env };
  for (const [k, v] of Object.entries(childEnv)) if (v === undefined) delete childEnv[k];
  const child = spawn(process.execPath, [...nodeOptions, SERVER_MAIN, ...args], { env: childEnv, stdio });
  onSpawn?.(child);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(base, upTries);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, process: child, stop };
}
