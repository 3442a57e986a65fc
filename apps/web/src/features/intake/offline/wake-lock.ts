// While recording, the screen is kept on where the browser offers the Screen Wake Lock API
// (Chrome and Edge on Android and desktop, Safari from iOS 16.4): a phone whose screen turns off
// may suspend the page, and with it MediaRecorder. The browser releases the lock whenever the
// page is hidden, so it is asked for again when the page shows. Elsewhere nothing happens: the
// take is still kept on the device second by second (take-keeper.ts).

interface TWakeLockNavigator {
  wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> };
}

/** Holds the screen awake until the returned function is called. */
export function holdScreenAwake(nav: TWakeLockNavigator = navigator as TWakeLockNavigator, doc: Document = document): () => void {
  const wakeLock = nav.wakeLock;
  if (!wakeLock) return () => undefined;
  let held: { release(): Promise<void> } | null = null;
  let done = false;
  const request = () => {
    if (done || doc.visibilityState !== 'visible') return;
    wakeLock.request('screen').then(
      (lock) => {
        if (done) void lock.release().catch(() => undefined);
        else held = lock;
      },
      // Refused (battery saver, no user activation): recording goes on without it.
      () => undefined,
    );
  };
  const onVisible = () => {
    if (doc.visibilityState === 'visible') request();
  };
  doc.addEventListener('visibilitychange', onVisible);
  request();
  return () => {
    done = true;
    doc.removeEventListener('visibilitychange', onVisible);
    void held?.release().catch(() => undefined);
    held = null;
  };
}
