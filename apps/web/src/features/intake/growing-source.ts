// A tus-js-client file source over a recording that is still being made: MediaRecorder's blobs
// are appended as they arrive and the length is unknown until the recording stops (the upload
// uses uploadLengthDeferred). Every blob stays in memory, so after a dropped connection tus can
// ask again for any range, from whatever offset the server reports.

/** What tus-js-client's fileReader.openFile must return (tus-js-client/lib/index.d.ts, FileSource). */
export interface TTusFileSource {
  size: number;
  slice(start: number, end: number): Promise<{ value: Blob; done: boolean }>;
  close(): void;
}

/** How long a slice waits for a full chunk before it sends the bytes it has (one PATCH every few seconds). */
export const LIVE_FLUSH_MS = 3000;

export class GrowingSource implements TTusFileSource {
  private blobs: Blob[] = [];
  private total = 0;
  private done = false;
  private cancelled = false;
  /** When the last slice was handed out: the next one waits at most flushMs after it. */
  private lastSliceAt = 0;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly type = '',
    private readonly flushMs = LIVE_FLUSH_MS,
  ) {}

  /** Bytes held so far; the recording's length once it has stopped. */
  get size(): number {
    return this.total;
  }

  get finished(): boolean {
    return this.done;
  }

  append(blob: Blob): void {
    if (this.done || blob.size === 0) return;
    this.blobs.push(blob);
    this.total += blob.size;
    this.wake();
  }

  /** The recording has stopped: no more bytes come, and the last slice says done. */
  finish(): void {
    this.done = true;
    this.wake();
  }

  /**
   * Bytes [start, end): waits until they all exist, or the recording stops, or flushMs has passed
   * since the previous slice with at least one byte after start (a PATCH every few seconds while
   * recording, and at once after a long wait such as a dropped connection). `done` is true when
   * the slice reaches the end of a stopped recording.
   */
  async slice(start: number, end: number): Promise<{ value: Blob; done: boolean }> {
    const deadline = this.lastSliceAt + this.flushMs;
    while (!(this.done || this.total >= end || (this.total > start && Date.now() >= deadline))) {
      if (this.cancelled) throw new Error('The recording was discarded');
      await this.nextChange(deadline - Date.now());
    }
    if (this.cancelled) throw new Error('The recording was discarded');
    this.lastSliceAt = Date.now();
    const stop = Math.min(end, this.total);
    const value = new Blob(this.blobs, { type: this.type }).slice(Math.min(start, stop), stop);
    return { value, done: this.done && stop >= this.total };
  }

  /** The upload was given up: waiting and later slices fail, so no request goes out. */
  cancel(): void {
    this.cancelled = true;
    this.wake();
  }

  /** tus closes the source on success; the bytes stay until this object is dropped. */
  close(): void {}

  /** The whole recording so far, as one blob. */
  blob(): Blob {
    return new Blob(this.blobs, { type: this.type });
  }

  private nextChange(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const t = timeoutMs > 0 ? setTimeout(resolve, timeoutMs) : undefined;
      this.waiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
