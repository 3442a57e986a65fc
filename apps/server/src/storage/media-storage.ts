import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { DataStore, Upload } from '@tus/server';
import { FileStore } from '@tus/file-store';

/** The files a recording keeps, by name. Anything else in its folder is never served. */
export const MEDIA_FILES = { audio: 'audio.m4a', video: 'video.mp4', peaks: 'peaks.json', lanes: 'lanes.json' } as const;
export type TMediaKind = keyof typeof MEDIA_FILES;
export const MEDIA_KINDS = Object.keys(MEDIA_FILES) as [TMediaKind, ...TMediaKind[]];
/** The files the page's script fetches (not a media element): served by the API itself, so a bucket needs no CORS rules. */
export const SCRIPT_FETCHED_MEDIA: ReadonlySet<TMediaKind> = new Set(['peaks', 'lanes']);

/** The uploaded file as it arrived: the analysis reads it, a re-analysis reads it again. */
export const ORIGINAL_FILE = 'original';

/** Unfinished resumable (tus) uploads, one file and one .json per upload, under DATA_DIR/uploads. */
export const uploadsDirOf = (dataDir: string) => path.join(dataDir, 'uploads');

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Ids arrive lower-cased from the API's edge (ZIdSchema); anything else is a bug, not a path. */
export function assertRecordingId(recordingId: string): void {
  if (!ID.test(recordingId)) throw new Error('invalid recording id');
}

/**
 * Where recordings' media live: local folders (the embedded default) or an S3-compatible bucket.
 * Workers always work on plain files (ffmpeg needs them): `workDir` gives a local folder with
 * the stored original in it, `save` stores what the worker made there, `release` ends the work.
 */
export interface TMediaStorage {
  readonly kind: 'local' | 's3';
  /** Keeps a finished upload (a local file, e.g. in a scratch folder) as the recording's original; the file is moved or removed. */
  putOriginal(recordingId: string, file: string): Promise<void>;
  /** A local folder for the worker, holding the stored original (when there is one). */
  workDir(recordingId: string): Promise<string>;
  /** Stores files the worker made in its folder (by name). */
  save(recordingId: string, dir: string, names: string[]): Promise<void>;
  /** The worker is done with its folder. */
  release(recordingId: string, dir: string): Promise<void>;
  /** Removes every file of a recording. */
  remove(recordingId: string): Promise<void>;
  /**
   * Answers a playback request for a recording's media file (access was checked), or false when it
   * has none. `presignSeconds`: how long a presigned bucket address may work (S3 storage).
   */
  serve(reply: FastifyReply, recordingId: string, kind: TMediaKind, opts?: { presignSeconds?: number }): Promise<boolean>;
  /** The tus datastore unfinished uploads live in (shared by every API node). */
  uploadStore(expiryMs: number): DataStore;
  /** A finished tus upload as a local file (for the content check and finishUpload). */
  finishedUploadFile(uploadId: string): Promise<string>;
  /** Removes what tus kept of an upload (finished, refused or expired). */
  dropUpload(uploadId: string): Promise<void>;
  /**
   * A local file holding the bytes of an upload received so far (finished or not), for the live
   * transcription of a capture; null when there is none or it cannot be read before it finishes
   * (a bucket: the parts of an unfinished multipart upload cannot be read back).
   */
  partialUploadFile(uploadId: string): Promise<string | null>;
  /**
   * Ends an upload at the bytes received so far, as if its last PATCH had declared that length
   * (a live capture whose browser never sent its stop): afterwards it is a finished upload.
   * Null when there is no such upload.
   */
  endUploadAsReceived(uploadId: string): Promise<TReceivedUpload | null>;
}

/** What reached the server of an upload: its bytes and the file name in its metadata. */
export interface TReceivedUpload {
  bytes: number;
  fileName: string | null;
}

/** tus answers a missing or expired upload with these (FILE_NOT_FOUND, FILE_NO_LONGER_EXISTS). */
const isGone = (err: unknown) => [404, 410].includes((err as { status_code?: number })?.status_code ?? 0);

/** endUploadAsReceived through the tus datastore, so the bucket's multipart upload is completed as tus would. */
export async function endUploadInStore(store: DataStore, uploadId: string): Promise<TReceivedUpload | null> {
  let upload: Upload;
  try {
    upload = await store.getUpload(uploadId);
  } catch (err) {
    if (isGone(err)) return null;
    throw err;
  }
  const received = { bytes: upload.offset, fileName: upload.metadata?.filename ?? null };
  if (upload.size !== undefined || upload.offset === 0) return received;
  await store.declareUploadLength(uploadId, upload.offset);
  // An empty write at the end: the datastore finishes the upload (a bucket completes its parts).
  await store.write(Readable.from([]), uploadId, upload.offset);
  return received;
}

/**
 * Local media storage: one folder per recording under DATA_DIR/media, served with Range by
 * @fastify/static. The worker works in that folder directly.
 */
export class MediaStorage implements TMediaStorage {
  readonly kind = 'local' as const;
  constructor(
    readonly root: string,
    /** DATA_DIR/uploads: tus's files. */
    readonly uploadsDir = path.join(path.dirname(root), 'uploads'),
  ) {}

  dirFor(recordingId: string): string {
    assertRecordingId(recordingId);
    return path.join(this.root, recordingId);
  }

  async ensureDir(recordingId: string): Promise<string> {
    const dir = this.dirFor(recordingId);
    await mkdir(dir, { recursive: true });
    return dir;
  }

  async putOriginal(recordingId: string, file: string): Promise<void> {
    const dir = await this.ensureDir(recordingId);
    await rename(file, path.join(dir, ORIGINAL_FILE));
  }

  workDir(recordingId: string): Promise<string> {
    return this.ensureDir(recordingId);
  }

  async save(): Promise<void> {
    // The worker wrote into the recording's own folder.
  }

  async release(): Promise<void> {
    // The folder is the stored media.
  }

  async remove(recordingId: string): Promise<void> {
    await rm(this.dirFor(recordingId), { recursive: true, force: true });
  }

  async serve(reply: FastifyReply, recordingId: string, kind: TMediaKind): Promise<boolean> {
    const dir = this.dirFor(recordingId);
    const file = MEDIA_FILES[kind];
    if (!(await isFile(path.join(dir, file)))) return false;
    await reply.sendFile(file, dir);
    return true;
  }

  uploadStore(expiryMs: number): DataStore {
    return new FileStore({ directory: this.uploadsDir, expirationPeriodInMilliseconds: expiryMs });
  }

  async finishedUploadFile(uploadId: string): Promise<string> {
    assertRecordingId(uploadId);
    return path.join(this.uploadsDir, uploadId);
  }

  async dropUpload(uploadId: string): Promise<void> {
    assertRecordingId(uploadId);
    await rm(path.join(this.uploadsDir, uploadId), { force: true });
    await rm(path.join(this.uploadsDir, `${uploadId}.json`), { force: true });
  }

  async partialUploadFile(uploadId: string): Promise<string | null> {
    assertRecordingId(uploadId);
    const file = path.join(this.uploadsDir, uploadId);
    return (await isFile(file)) ? file : null;
  }

  endUploadAsReceived(uploadId: string): Promise<TReceivedUpload | null> {
    assertRecordingId(uploadId);
    return endUploadInStore(this.uploadStore(0), uploadId);
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The local media folder's recordings and their files (for the migration to a bucket). */
export async function listLocalMedia(root: string): Promise<{ recordingId: string; name: string; file: string }[]> {
  const out: { recordingId: string; name: string; file: string }[] = [];
  for (const recordingId of await readdir(root).catch(() => [] as string[])) {
    if (!ID.test(recordingId)) continue;
    for (const name of await readdir(path.join(root, recordingId)).catch(() => [] as string[])) {
      const file = path.join(root, recordingId, name);
      if (await isFile(file)) out.push({ recordingId, name, file });
    }
  }
  return out;
}
