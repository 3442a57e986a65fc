import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TCreateRecordingBody } from '@rostrum/contract';

// The browser take kept on this device (issue 19): while recording, each second's bytes go to
// IndexedDB next to what is needed to save the take later (the live capture, its tus upload URL,
// the bytes the server has acknowledged), so a reload, a crash or a closed laptop loses nothing.
// One unsaved take per user, keyed by the user's id: another user signing in on the same
// browser never reads it. A take older than a day is dropped (the server's capture is gone too).
// Bytes are stored as ArrayBuffers: older Safari cannot store Blobs in IndexedDB.
// A take saved while offline (issue 41, the installable recorder) becomes a waiting take: its
// bytes and its save form, kept until the server has every byte (features/intake/offline).

const DB_NAME = 'rostrum-takes';
/** The server drops an unsaved capture after a day; the kept bytes go with it. */
export const TAKE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface TStoredTakeInfo {
  userId: string;
  mimeType: string;
  /** When recording started (epoch ms). */
  startedAt: number;
  /** Seconds recorded so far. */
  seconds: number;
  /** The live capture the bytes went to; null until (or unless) the server created it. */
  captureId: string | null;
  /** The capture's tus upload, to resume it where the server has it. */
  uploadUrl: string | null;
  /** Bytes the server has acknowledged. */
  acked: number;
  /** Bytes kept. */
  size: number;
}

export interface TStoredTake extends TStoredTakeInfo {
  blob: Blob;
}

/** A take saved while offline: what Save would have sent, kept until its upload completes. */
export interface TWaitingTake {
  takeId: string;
  userId: string;
  mimeType: string;
  seconds: number;
  /** When Save was pressed (epoch ms): waiting takes upload in this order. */
  savedAt: number;
  /** POST recordings' body, as the save form made it (title, group, assignment, sharing, algorithm). */
  body: TCreateRecordingBody;
  bytes: ArrayBuffer;
  /** The live capture recorded into before the connection went (deleted once the take is uploaded). */
  captureId: string | null;
  /** Set once POST recordings succeeded: a retry never creates a second recording. */
  recordingId: string | null;
  /** POST recordings' tus endpoint, then the upload's own URL (a retry resumes it). */
  endpoint: string | null;
  tusUrl: string | null;
}

export type TWaitingTakePatch = Partial<Pick<TWaitingTake, 'recordingId' | 'endpoint' | 'tusUrl'>>;

interface TTakeDb extends DBSchema {
  takes: { key: string; value: TStoredTakeInfo };
  /** [userId, n]: the take's bytes in the order they were recorded. */
  chunks: { key: [string, number]; value: ArrayBuffer };
  /** Takes saved while offline, by takeId. */
  waiting: { key: string; value: TWaitingTake };
}

const userChunks = (userId: string) => IDBKeyRange.bound([userId, 0], [userId, Number.POSITIVE_INFINITY]);

export class TakeStore {
  private constructor(private readonly db: IDBPDatabase<TTakeDb>) {}

  /** Null when IndexedDB cannot be used (private mode, blocked, old browser): takes are then not kept. */
  static async open(name = DB_NAME): Promise<TakeStore | null> {
    if (typeof indexedDB === 'undefined') return null;
    try {
      const db = await openDB<TTakeDb>(name, 2, {
        upgrade(d, oldVersion) {
          if (oldVersion < 1) {
            d.createObjectStore('takes', { keyPath: 'userId' });
            d.createObjectStore('chunks');
          }
          if (oldVersion < 2) d.createObjectStore('waiting', { keyPath: 'takeId' });
        },
      });
      return new TakeStore(db);
    } catch {
      return null;
    }
  }

  /** A new take for this user: any take kept before is replaced. */
  async begin(userId: string, mimeType: string, startedAt: number): Promise<void> {
    const tx = this.db.transaction(['takes', 'chunks'], 'readwrite');
    await tx.objectStore('chunks').delete(userChunks(userId));
    await tx.objectStore('takes').put({ userId, mimeType, startedAt, seconds: 0, captureId: null, uploadUrl: null, acked: 0, size: 0 });
    await tx.done;
  }

  /** The next bytes of the take, `n` being their position (0, 1, ...), with the seconds recorded so far. */
  async append(userId: string, n: number, bytes: ArrayBuffer, seconds: number): Promise<void> {
    const tx = this.db.transaction(['takes', 'chunks'], 'readwrite');
    const info = await tx.objectStore('takes').get(userId);
    if (!info) return tx.done;
    await tx.objectStore('chunks').put(bytes, [userId, n]);
    await tx.objectStore('takes').put({ ...info, seconds: Math.max(info.seconds, seconds), size: info.size + bytes.byteLength });
    await tx.done;
  }

  /** Records the capture, its upload URL, acknowledged bytes or final length as they become known. */
  async update(userId: string, patch: Partial<Pick<TStoredTakeInfo, 'captureId' | 'uploadUrl' | 'acked' | 'seconds'>>): Promise<void> {
    const tx = this.db.transaction('takes', 'readwrite');
    const info = await tx.store.get(userId);
    if (info) await tx.store.put({ ...info, ...patch });
    await tx.done;
  }

  /** This user's kept take with its bytes; null when there is none or it has expired (then dropped). */
  async get(userId: string, now = Date.now()): Promise<TStoredTake | null> {
    await this.dropExpired(now);
    const tx = this.db.transaction(['takes', 'chunks'], 'readonly');
    const info = await tx.objectStore('takes').get(userId);
    const chunks = info ? await tx.objectStore('chunks').getAll(userChunks(userId)) : [];
    await tx.done;
    if (!info) return null;
    return { ...info, blob: new Blob(chunks, { type: info.mimeType.split(';')[0] }) };
  }

  /** Saved or discarded: the take and its bytes are gone. */
  async remove(userId: string): Promise<void> {
    const tx = this.db.transaction(['takes', 'chunks'], 'readwrite');
    await tx.objectStore('chunks').delete(userChunks(userId));
    await tx.objectStore('takes').delete(userId);
    await tx.done;
  }

  /** Every user's takes started more than a day before `now`. */
  async dropExpired(now = Date.now()): Promise<void> {
    const old = (await this.db.getAll('takes')).filter((t) => now - t.startedAt > TAKE_MAX_AGE_MS);
    for (const t of old) await this.remove(t.userId);
  }

  /**
   * Saved while offline: the take becomes a waiting take and the user's kept take (the same bytes,
   * kept while recording) goes, in one transaction. The kept take's capture is carried over.
   */
  async wait(take: TWaitingTake): Promise<void> {
    const tx = this.db.transaction(['takes', 'chunks', 'waiting'], 'readwrite');
    const kept = await tx.objectStore('takes').get(take.userId);
    await tx.objectStore('waiting').put({ ...take, captureId: take.captureId ?? kept?.captureId ?? null });
    await tx.objectStore('chunks').delete(userChunks(take.userId));
    await tx.objectStore('takes').delete(take.userId);
    await tx.done;
  }

  /** This user's waiting takes, oldest first. */
  async waitingTakes(userId: string): Promise<TWaitingTake[]> {
    const all = await this.db.getAll('waiting');
    return all.filter((t) => t.userId === userId).sort((a, b) => a.savedAt - b.savedAt);
  }

  async updateWaiting(takeId: string, patch: TWaitingTakePatch): Promise<void> {
    const tx = this.db.transaction('waiting', 'readwrite');
    const take = await tx.store.get(takeId);
    if (take) await tx.store.put({ ...take, ...patch });
    await tx.done;
  }

  /** The server has every byte (or the speaker discarded it): the waiting take goes. */
  async removeWaiting(takeId: string): Promise<void> {
    await this.db.delete('waiting', takeId);
  }

  close(): void {
    this.db.close();
  }
}

let shared: Promise<TakeStore | null> | null = null;

/** The page's one connection to the kept takes (opened on first use). */
export function sharedTakeStore(): Promise<TakeStore | null> {
  shared ??= TakeStore.open();
  return shared;
}
