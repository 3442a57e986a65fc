import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TTranscribedPrefix } from '@rostrum/analysis';
import type { TChildMessage, TChildPrefix, TChildStart } from './analyze-child.js';

// The child always runs as built JavaScript (also when tests run this module from source).
const HERE = fileURLToPath(import.meta.url);
const CHILD = HERE.endsWith('.ts')
  ? path.resolve(path.dirname(HERE), '../../../../dist/modules/recordings/analysis/analyze-child.js')
  : path.join(path.dirname(HERE), 'analyze-child.js');

export type TPlaybackMessage = Extract<TChildMessage, { type: 'playback' }>;
export type TChildOutcome = Exclude<TChildMessage, TPlaybackMessage>;

/**
 * The decode and analysis step, in a child process (analyze-child.ts) so that a crash or the
 * memory of one recording cannot take the worker down. `onPlayback` stores the playback files as
 * soon as the child has made them, before the analysis ends; `prefix` is the live transcript,
 * passed on when it is ready (the child decodes meanwhile). Resolves with the child's exit code
 * and its last message: results, a failure, or null when it died without saying.
 */
export async function runAnalysisChild(
  start: TChildStart,
  onPlayback: (msg: TPlaybackMessage) => Promise<void>,
  prefix: Promise<TTranscribedPrefix | undefined> | null,
): Promise<{ exitCode: number | null; outcome: TChildOutcome | null }> {
  let outcome: TChildOutcome | null = null;
  // Updates are chained so "playback ready" can never land after "done".
  let stored = Promise.resolve();
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const child = fork(CHILD, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] });
    child.on('error', reject);
    child.on('message', (msg: TChildMessage) => {
      if (msg.type !== 'playback') {
        outcome = msg;
        return;
      }
      stored = stored.then(() => onPlayback(msg));
    });
    child.on('exit', (code) => resolve(code));
    child.send(start);
    // The live transcript follows once its last window is done.
    if (prefix)
      void prefix.then((p) => {
        const msg: TChildPrefix = { type: 'prefix', prefix: p ?? null };
        // A child that already ended (failed early) has no channel: nothing to tell it.
        if (child.connected) child.send(msg, () => undefined);
      });
  });
  await stored;
  return { exitCode, outcome };
}
