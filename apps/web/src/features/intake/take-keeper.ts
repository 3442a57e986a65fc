import { RECORDING_LIMITS } from '@rostrum/contract';
import { sharedTakeStore, type TakeStore, type TStoredTake, type TStoredTakeInfo } from './take-store';

// One take being kept on this device while it is recorded and until it is saved. Writes run one
// after the other in the order they were asked for (MediaRecorder's blobs arrive every second).
// Keeping is best effort: when IndexedDB is missing or a write fails (quota), recording goes on
// as before, without the device copy and without any message; a half-kept take is dropped.

type TPatch = Partial<Pick<TStoredTakeInfo, 'captureId' | 'uploadUrl' | 'acked' | 'seconds'>>;

export class TakeKeeper {
  private queue: Promise<void> = Promise.resolve();
  private next = 0;
  private broken = false;

  private constructor(
    readonly userId: string,
    private readonly store: Promise<TakeStore | null>,
    private wrote = false,
  ) {}

  /** A new take of this user (replacing any kept before). */
  static begin(userId: string, mimeType: string, startedAt = Date.now(), store = sharedTakeStore()): TakeKeeper {
    const keeper = new TakeKeeper(userId, store);
    keeper.run((s) => s.begin(userId, mimeType, startedAt));
    return keeper;
  }

  /** The take already kept (offered after a reload): only its details change from now on. */
  static resume(userId: string, store = sharedTakeStore()): TakeKeeper {
    return new TakeKeeper(userId, store, true);
  }

  /** The next second's bytes, with the seconds recorded so far. */
  append(blob: Blob, seconds: number): void {
    const n = this.next++;
    this.run(async (s) => s.append(this.userId, n, await blob.arrayBuffer(), seconds));
  }

  update(patch: TPatch): void {
    this.run((s) => s.update(this.userId, patch));
  }

  /** Saved with every byte on the server, or discarded: the device copy goes. */
  remove(): Promise<void> {
    this.broken = true;
    this.queue = this.queue.then(async () => {
      await (await this.store)?.remove(this.userId).catch(() => undefined);
    });
    return this.queue;
  }

  /** The take is on the device (a write went through and none failed since). */
  get kept(): boolean {
    return this.wrote && !this.broken;
  }

  /** Resolves once every write asked for so far has run. */
  flushed(): Promise<void> {
    return this.queue;
  }

  private run(write: (s: TakeStore) => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.broken) return;
      const s = await this.store;
      if (!s) return;
      try {
        await write(s);
        this.wrote = true;
      } catch {
        // Quota or a closed database: stop keeping, and drop what would now be an incomplete take.
        this.broken = true;
        await s.remove(this.userId).catch(() => undefined);
      }
    });
  }
}

/**
 * The user's take kept on this device that can still be saved; a kept take too short to be
 * saved (the page went away in its first seconds) is dropped. Null when there is none.
 */
export async function findKeptTake(userId: string, store = sharedTakeStore()): Promise<TStoredTake | null> {
  const s = await store;
  if (!s) return null;
  try {
    const take = await s.get(userId);
    if (!take) return null;
    if (take.seconds >= RECORDING_LIMITS.minSeconds && take.blob.size > 0) return take;
    await s.remove(userId);
  } catch {
    // A database that cannot be read offers nothing.
  }
  return null;
}
