import type { TCreateRecordingBody } from '@rostrum/contract';
import type { TakeStore, TWaitingTake } from '../take-store';
import type { TUploadFailure } from '../recording-upload';

// Takes saved while offline upload themselves (issue 41): one at a time, oldest first, when the
// connection returns and when the app starts. A waiting take leaves the device only once its tus
// upload is complete; POST recordings' answer is kept first, so a retry after a reload or a
// dropped connection resumes the same recording's upload instead of creating a second one.

export type TWaitingState =
  | { kind: 'waiting' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'failed'; message: string | null }
  | { kind: 'uploaded'; recordingId: string };

export interface TWaitingItem {
  takeId: string;
  title: string;
  seconds: number;
  assignmentId: string | undefined;
  state: TWaitingState;
}

/** A waiting take's upload as the sender sees it. */
export interface TTakeUpload {
  blob: Blob;
  fileName: string;
  recordingId: string;
  endpoint: string;
  tusUrl: string | null;
}

/** The network side, injected so the queue is tested without a server. */
export interface TTakeSender {
  /** POST recordings; rejects with the API error. */
  create(body: TCreateRecordingBody): Promise<{ recordingId: string; uploadUrl: string }>;
  /** The tus upload; rejects with a TUploadFailure. */
  send(upload: TTakeUpload, on: { progress: (sent: number, total: number) => void; url: (tusUrl: string) => void }): Promise<void>;
  /** Best effort: the live capture the take began in is not offered as unsaved any more. */
  discardCapture(captureId: string): Promise<void>;
  /** The message for a refused POST recordings (the server's reason), or null for an interruption. */
  refusedMessage(error: unknown): string | null;
}

export interface TSaveOffline {
  userId: string;
  blob: Blob;
  mimeType: string;
  seconds: number;
  body: TCreateRecordingBody;
}

const isFailure = (e: unknown): e is TUploadFailure =>
  typeof e === 'object' && e !== null && 'kind' in e && (e.kind === 'refused' || e.kind === 'interrupted');

export class UploadQueue {
  private items: TWaitingItem[] = [];
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  /** The last savedAt given: two takes saved within a millisecond still upload in order. */
  private lastSaved = 0;

  constructor(
    private readonly store: () => Promise<TakeStore | null>,
    private readonly sender: TTakeSender,
    private readonly online: () => boolean = () => navigator.onLine,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): TWaitingItem[] => this.items;

  /**
   * Save pressed while offline: the take and its form are on the device before anything else
   * happens. False when the device cannot keep it (no IndexedDB, quota).
   */
  async keep(take: TSaveOffline): Promise<boolean> {
    const s = await this.store();
    if (!s) return false;
    this.lastSaved = Math.max(Date.now(), this.lastSaved + 1);
    const waiting: TWaitingTake = {
      takeId: crypto.randomUUID(),
      userId: take.userId,
      mimeType: take.mimeType,
      seconds: take.seconds,
      savedAt: this.lastSaved,
      body: take.body,
      bytes: await take.blob.arrayBuffer(),
      captureId: null,
      recordingId: null,
      endpoint: null,
      tusUrl: null,
    };
    try {
      await s.wait(waiting);
    } catch {
      return false;
    }
    this.set([...this.items, itemOf(waiting)]);
    return true;
  }

  /** Uploads the user's waiting takes one after the other; a call while running runs once more after. */
  run(userId: string): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.pass(userId);
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Retry of a failed take: it waits again and the queue runs. */
  retry(userId: string, takeId: string): Promise<void> {
    this.setState(takeId, { kind: 'waiting' });
    return this.run(userId);
  }

  /** The speaker gives up a take the server refused: it leaves the device. */
  async discard(takeId: string): Promise<void> {
    await (await this.store())?.removeWaiting(takeId);
    this.set(this.items.filter((i) => i.takeId !== takeId));
  }

  private async pass(userId: string): Promise<void> {
    const s = await this.store();
    if (!s) return;
    const stored = await s.waitingTakes(userId).catch(() => [] as TWaitingTake[]);
    // Listed from the device (a reload, a new tab); uploaded takes of this page stay with their link.
    const known = new Map(this.items.map((i) => [i.takeId, i]));
    const uploaded = this.items.filter((i) => i.state.kind === 'uploaded');
    this.set([...uploaded, ...stored.map((t) => known.get(t.takeId) ?? itemOf(t))]);
    for (const take of stored) {
      if (!this.online()) return;
      const state = known.get(take.takeId)?.state;
      // A refused take waits for the speaker's Retry; an interrupted one is tried again.
      if (state?.kind === 'failed' && state.message) continue;
      if (!(await this.upload(s, take))) return;
    }
  }

  /** One take up; false when it failed (the queue stops: the next take would fail the same way). */
  private async upload(s: TakeStore, take: TWaitingTake): Promise<boolean> {
    this.setState(take.takeId, { kind: 'uploading', percent: 0 });
    let { recordingId, endpoint, tusUrl } = take;
    try {
      if (!recordingId || !endpoint) {
        const created = await this.sender.create(take.body);
        ({ recordingId, uploadUrl: endpoint } = created);
        await s.updateWaiting(take.takeId, { recordingId, endpoint });
      }
      const blob = new Blob([take.bytes], { type: take.mimeType.split(';')[0] });
      await this.sender.send(
        { blob, fileName: take.body.fileName ?? `${take.takeId}.webm`, recordingId, endpoint, tusUrl },
        {
          progress: (sent, total) =>
            this.setState(take.takeId, { kind: 'uploading', percent: total ? Math.floor((sent / total) * 100) : 0 }),
          url: (url) => {
            tusUrl = url;
            void s.updateWaiting(take.takeId, { tusUrl: url }).catch(() => undefined);
          },
        },
      );
    } catch (e) {
      const message = isFailure(e) ? (e.kind === 'refused' ? e.message : null) : this.sender.refusedMessage(e);
      this.setState(take.takeId, message || this.online() ? { kind: 'failed', message } : { kind: 'waiting' });
      return false;
    }
    await s.removeWaiting(take.takeId).catch(() => undefined);
    if (take.captureId) void this.sender.discardCapture(take.captureId).catch(() => undefined);
    this.setState(take.takeId, { kind: 'uploaded', recordingId });
    return true;
  }

  private setState(takeId: string, state: TWaitingState): void {
    this.set(this.items.map((i) => (i.takeId === takeId ? { ...i, state } : i)));
  }

  private set(items: TWaitingItem[]): void {
    this.items = items;
    for (const l of this.listeners) l();
  }
}

function itemOf(t: TWaitingTake): TWaitingItem {
  return { takeId: t.takeId, title: t.body.title, seconds: t.seconds, assignmentId: t.body.assignmentId, state: { kind: 'waiting' } };
}
