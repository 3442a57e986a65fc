// @vitest-environment node
// The store needs no DOM; Node's Blob reads its bytes back (jsdom's Blob has no arrayBuffer()).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { TAKE_MAX_AGE_MS, TakeStore } from './take-store';
import { TakeKeeper, findKeptTake } from './take-keeper';

const ANN = 'user-ann';
const BOB = 'user-bob';
const T0 = Date.UTC(2026, 10, 24, 9, 0);

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const text = (blob: Blob) => blob.text();

let n = 0;
const opened: TakeStore[] = [];
/** A database of its own for each test. */
async function openStore(): Promise<TakeStore> {
  const s = await TakeStore.open(`takes-test-${n++}`);
  if (!s) throw new Error('IndexedDB missing');
  opened.push(s);
  return s;
}
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

describe('TakeStore', () => {
  it('keeps the bytes in order with the capture, its upload, the acknowledged bytes and the length', async () => {
    const store = await openStore();
    await store.begin(ANN, 'audio/webm;codecs=opus', T0);
    await store.append(ANN, 0, bytes('one-'), 1);
    await store.append(ANN, 1, bytes('two-'), 2.1);
    await store.update(ANN, { captureId: 'cap-1', uploadUrl: 'http://x/api/v1/uploads/cap-1' });
    await store.append(ANN, 2, bytes('three'), 3.2);
    await store.update(ANN, { acked: 8 });
    const take = await store.get(ANN, T0 + 5000);
    expect(take).toMatchObject({
      userId: ANN,
      mimeType: 'audio/webm;codecs=opus',
      startedAt: T0,
      seconds: 3.2,
      captureId: 'cap-1',
      uploadUrl: 'http://x/api/v1/uploads/cap-1',
      acked: 8,
      size: 13,
    });
    expect(take?.blob.type).toBe('audio/webm');
    expect(await text(take?.blob ?? new Blob())).toBe('one-two-three');
  });

  it('a take belongs to its user: another user reads nothing, and removing one keeps the other', async () => {
    const store = await openStore();
    await store.begin(ANN, 'audio/webm', T0);
    await store.append(ANN, 0, bytes('ann'), 6);
    expect(await store.get(BOB, T0)).toBeNull();
    await store.begin(BOB, 'audio/ogg', T0);
    await store.append(BOB, 0, bytes('bob'), 7);
    await store.remove(BOB);
    expect(await store.get(BOB, T0)).toBeNull();
    expect(await text((await store.get(ANN, T0))?.blob ?? new Blob())).toBe('ann');
  });

  it('keeps one take per user: a new take replaces the old one and its bytes', async () => {
    const store = await openStore();
    await store.begin(ANN, 'audio/webm', T0);
    await store.append(ANN, 0, bytes('old-'), 1);
    await store.append(ANN, 1, bytes('take'), 9);
    await store.update(ANN, { captureId: 'cap-old', acked: 4 });
    await store.begin(ANN, 'audio/webm', T0 + 60_000);
    await store.append(ANN, 0, bytes('new'), 2);
    const take = await store.get(ANN, T0 + 61_000);
    expect(take).toMatchObject({ startedAt: T0 + 60_000, seconds: 2, captureId: null, acked: 0, size: 3 });
    expect(await text(take?.blob ?? new Blob())).toBe('new');
  });

  it('drops takes older than a day, of every user, when read', async () => {
    const store = await openStore();
    await store.begin(ANN, 'audio/webm', T0);
    await store.append(ANN, 0, bytes('ann'), 6);
    await store.begin(BOB, 'audio/webm', T0 + 1000);
    expect(await store.get(ANN, T0 + TAKE_MAX_AGE_MS)).not.toBeNull();
    expect(await store.get(ANN, T0 + TAKE_MAX_AGE_MS + 1)).toBeNull();
    // Bob's take is a second younger: still there, and Ann's bytes are gone with her take.
    expect(await store.get(BOB, T0 + TAKE_MAX_AGE_MS + 1)).not.toBeNull();
    await store.begin(ANN, 'audio/webm', T0 + TAKE_MAX_AGE_MS + 2);
    expect((await store.get(ANN, T0 + TAKE_MAX_AGE_MS + 3))?.blob.size).toBe(0);
  });

  it('appending to a take that was removed keeps nothing', async () => {
    const store = await openStore();
    await store.begin(ANN, 'audio/webm', T0);
    await store.remove(ANN);
    await store.append(ANN, 0, bytes('late'), 6);
    expect(await store.get(ANN, T0)).toBeNull();
  });
});

describe('TakeKeeper', () => {
  it('writes each second in the order it came; the take is offered once long enough, then removed', async () => {
    const store = openStore();
    const keeper = TakeKeeper.begin(ANN, 'audio/webm', Date.now(), store);
    keeper.append(new Blob(['a']), 1);
    keeper.update({ captureId: 'cap-1', uploadUrl: '/api/v1/uploads/cap-1' });
    keeper.append(new Blob(['b']), 2);
    await keeper.flushed();
    expect(keeper.kept).toBe(true);
    // Too short to save: not offered, and dropped.
    expect(await findKeptTake(ANN, store)).toBeNull();
    expect(await (await store).get(ANN)).toBeNull();

    const again = TakeKeeper.begin(ANN, 'audio/webm', Date.now(), store);
    for (let s = 1; s <= 6; s++) again.append(new Blob([String(s)]), s);
    again.update({ acked: 3 });
    await again.flushed();
    const take = await findKeptTake(ANN, store);
    expect(take).toMatchObject({ seconds: 6, acked: 3, size: 6 });
    expect(await text(take?.blob ?? new Blob())).toBe('123456');
    expect(await findKeptTake(BOB, store)).toBeNull();

    await TakeKeeper.resume(ANN, store).remove();
    expect(await findKeptTake(ANN, store)).toBeNull();
  });

  it('without IndexedDB nothing is kept and nothing fails', async () => {
    const keeper = TakeKeeper.begin(ANN, 'audio/webm', Date.now(), Promise.resolve(null));
    keeper.append(new Blob(['a']), 1);
    keeper.update({ acked: 1 });
    await keeper.flushed();
    expect(keeper.kept).toBe(false);
    await keeper.remove();
    expect(await findKeptTake(ANN, Promise.resolve(null))).toBeNull();
  });

  it('a write that fails (quota) stops keeping and drops the incomplete take', async () => {
    const real = await openStore();
    // The write of the 7th second finds the disk full.
    const flaky = Object.create(real) as TakeStore;
    flaky.append = async (userId, n, data, seconds) => {
      if (seconds === 7) throw new DOMException('Quota exceeded', 'QuotaExceededError');
      return real.append(userId, n, data, seconds);
    };
    const keeper = TakeKeeper.begin(ANN, 'audio/webm', Date.now(), Promise.resolve(flaky));
    for (let s = 1; s <= 6; s++) keeper.append(new Blob([String(s)]), s);
    await keeper.flushed();
    expect((await real.get(ANN))?.size).toBe(6);
    expect(keeper.kept).toBe(true);
    keeper.append(new Blob(['7']), 7);
    keeper.append(new Blob(['8']), 8);
    await keeper.flushed();
    expect(keeper.kept).toBe(false);
    expect(await real.get(ANN)).toBeNull();
  });

  it('TakeStore.open answers null where IndexedDB is missing', async () => {
    const saved = globalThis.indexedDB;
    // @ts-expect-error: a browser without IndexedDB
    delete globalThis.indexedDB;
    try {
      expect(await TakeStore.open('takes-missing')).toBeNull();
    } finally {
      globalThis.indexedDB = saved;
    }
  });
});
