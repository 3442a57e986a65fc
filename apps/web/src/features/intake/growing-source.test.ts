// @vitest-environment node
// No DOM needed; Node's Blob reads back as text (jsdom's cannot).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GrowingSource } from './growing-source';

const bytes = (text: string) => new Blob([text]);
const text = async (p: Promise<{ value: Blob; done: boolean }>) => {
  const { value, done } = await p;
  return { text: await value.text(), done };
};

/** Whether the promise has settled after the pending microtasks ran. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('GrowingSource (a recording uploaded while it is made)', () => {
  it('the first slice goes as soon as there is a byte; the next waits until its bytes exist', async () => {
    const source = new GrowingSource('audio/webm', 3000);
    const first = source.slice(0, 100);
    expect(await settled(first)).toBe(false);
    source.append(bytes('abc'));
    expect(await text(first)).toEqual({ text: 'abc', done: false });
    const slice = source.slice(3, 9);
    expect(await settled(slice)).toBe(false);
    source.append(bytes('def'));
    expect(await settled(slice)).toBe(false);
    source.append(bytes('ghij'));
    expect(await text(slice)).toEqual({ text: 'defghi', done: false });
    expect(source.size).toBe(10);
  });

  it('a flush delay after the previous slice, a slice sends the bytes it has, never an empty one while recording', async () => {
    const source = new GrowingSource('audio/webm', 3000);
    const slice = source.slice(0, 1000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await settled(slice)).toBe(false);
    source.append(bytes('abcd'));
    expect(await text(slice)).toEqual({ text: 'abcd', done: false });

    const next = source.slice(4, 1000);
    source.append(bytes('ef'));
    await vi.advanceTimersByTimeAsync(2999);
    expect(await settled(next)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await text(next)).toEqual({ text: 'ef', done: false });
  });

  it('at stop the waiting slice gets the rest and says done; a slice past the end is empty and done', async () => {
    const source = new GrowingSource('audio/webm', 3000);
    source.append(bytes('a'));
    await source.slice(0, 1);
    source.append(bytes('bc'));
    const slice = source.slice(1, 100);
    expect(await settled(slice)).toBe(false);
    source.append(bytes('de'));
    source.finish();
    expect(await text(slice)).toEqual({ text: 'bcde', done: true });
    expect(await text(source.slice(5, 100))).toEqual({ text: '', done: true });
    // After stop, a full chunk that is not the end is not done.
    expect(await text(source.slice(0, 2))).toEqual({ text: 'ab', done: false });
    source.append(bytes('late'));
    expect(source.size).toBe(5);
  });

  it('re-reads from an earlier offset after a failed request (every byte stays until the upload ends)', async () => {
    const source = new GrowingSource('audio/webm', 3000);
    source.append(bytes('0123'));
    source.append(bytes('4567'));
    expect(await text(source.slice(4, 8))).toEqual({ text: '4567', done: false });
    // The server had only 2 bytes (HEAD said so): the upload asks again from there.
    expect(await text(source.slice(2, 8))).toEqual({ text: '234567', done: false });
    source.close();
    expect(await source.blob().text()).toBe('01234567');
  });
});
