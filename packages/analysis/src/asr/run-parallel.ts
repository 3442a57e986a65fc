import { availableParallelism } from 'node:os';

/** Runs tasks with at most `limit` in flight (one recogniser per core), keeping result order. */
export async function runParallel<T>(tasks: readonly (() => Promise<T>)[], limit = availableParallelism()): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await (tasks[i] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker));
  return results;
}
