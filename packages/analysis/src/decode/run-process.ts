import { spawn } from 'node:child_process';

export interface TProcessResult {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Runs a tool to completion and collects its text output; kills it when the signal aborts. */
export function runProcess(
  command: string,
  args: readonly string[],
  options: { signal?: AbortSignal; input?: Buffer; cwd?: string } = {},
): Promise<TProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], cwd: options.cwd });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const onAbort = (): void => {
      child.kill('SIGKILL');
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => {
      options.signal?.removeEventListener('abort', onAbort);
      reject(e);
    });
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), code });
    });
    child.stdin.on('error', () => undefined);
    if (options.input) child.stdin.end(options.input);
    else child.stdin.end();
  });
}
