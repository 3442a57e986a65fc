import { describe, expect, it } from 'vitest';
import { prefetchInTurn, slowConnection } from './lazy-pages';

describe('slowConnection', () => {
  it('is slow on 3G and slower, or when the user saves data; unknown connections are not', () => {
    for (const effectiveType of ['slow-2g', '2g', '3g']) expect(slowConnection({ effectiveType }), effectiveType).toBe(true);
    expect(slowConnection({ effectiveType: '4g', saveData: true })).toBe(true);
    expect(slowConnection({ effectiveType: '4g' })).toBe(false);
    expect(slowConnection({})).toBe(false);
    expect(slowConnection(undefined)).toBe(false);
  });
});

describe('prefetchInTurn', () => {
  it('starts the loads in list order, never more than inFlight at a time, and goes on past a failure', async () => {
    const idleRuns: (() => void)[] = [];
    const idle = (run: () => void) => idleRuns.push(run);
    const started: number[] = [];
    const settle: Record<number, { ok: () => void; fail: () => void }> = {};
    let inFlight = 0;
    let maxInFlight = 0;
    const loads = [0, 1, 2, 3, 4].map((i) => () => {
      started.push(i);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      return new Promise<void>((resolve, reject) => {
        settle[i] = {
          ok: () => {
            inFlight--;
            resolve();
          },
          fail: () => {
            inFlight--;
            reject(new Error('offline'));
          },
        };
      });
    });
    const flush = async () => {
      await new Promise((r) => setTimeout(r, 0));
      while (idleRuns.length) idleRuns.shift()!();
    };

    prefetchInTurn(loads, 2, idle);
    expect(started).toEqual([]); // nothing before the browser is idle
    await flush();
    expect(started).toEqual([0, 1]);
    settle[1]!.fail();
    await flush();
    expect(started).toEqual([0, 1, 2]);
    settle[0]!.ok();
    settle[2]!.ok();
    await flush();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    settle[3]!.ok();
    settle[4]!.ok();
    await flush();
    expect(maxInFlight).toBe(2);
    expect(idleRuns).toEqual([]);
  });
});
