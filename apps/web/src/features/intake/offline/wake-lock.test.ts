import { describe, expect, it } from 'vitest';
import { holdScreenAwake } from './wake-lock';

/** A browser with the Screen Wake Lock API: counts the locks asked for and released. */
function fakeBrowser() {
  const counts = { requested: 0, released: 0 };
  const nav = {
    wakeLock: {
      request: async () => {
        counts.requested++;
        return {
          release: async () => {
            counts.released++;
          },
        };
      },
    },
  };
  const doc = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
  doc.visibilityState = 'visible';
  const show = (state: DocumentVisibilityState) => {
    doc.visibilityState = state;
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  return { nav, doc: doc as unknown as Document, show, counts };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('holdScreenAwake', () => {
  it('holds the screen while recording, asks again when the page shows, and lets go at Stop', async () => {
    const b = fakeBrowser();
    const release = holdScreenAwake(b.nav, b.doc);
    await settle();
    expect(b.counts).toEqual({ requested: 1, released: 0 });
    // Hidden: the browser dropped the lock; shown again, it is asked for again.
    b.show('hidden');
    b.show('visible');
    await settle();
    expect(b.counts.requested).toBe(2);
    release();
    await settle();
    expect(b.counts.released).toBe(1);
    b.show('visible');
    await settle();
    expect(b.counts.requested).toBe(2);
  });

  it('does nothing where the browser has no wake lock, and a refusal does not stop recording', async () => {
    const b = fakeBrowser();
    expect(() => holdScreenAwake({}, b.doc)()).not.toThrow();
    const refusing = { wakeLock: { request: () => Promise.reject(new Error('NotAllowedError')) } };
    const release = holdScreenAwake(refusing, b.doc);
    await settle();
    release();
  });
});
