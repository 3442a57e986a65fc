import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type MetadataValue, S3Store } from '@tus/s3-store';
import type { DataStore, KvStore } from '@tus/server';
import type { FastifyReply } from 'fastify';
import type { TS3Config } from '../config.js';
import {
  assertRecordingId,
  endUploadInStore,
  MEDIA_FILES,
  ORIGINAL_FILE,
  SCRIPT_FETCHED_MEDIA,
  type TMediaKind,
  type TMediaStorage,
  type TReceivedUpload,
} from './media-storage.js';

/** How long a presigned playback address works: minutes, as the media route checks access on each request. */
export const PRESIGN_SECONDS = 300;
/** Multipart part size for stored media (S3's minimum is 5 MiB). */
const PART_BYTES = 8 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  'audio.m4a': 'audio/mp4',
  'video.mp4': 'video/mp4',
  'peaks.json': 'application/json',
  'lanes.json': 'application/json',
};

/** The S3 client settings for a bucket (also the tus S3 store's). */
export function s3ClientConfig(s3: TS3Config): S3ClientConfig {
  return {
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Plain checksums only when S3 asks for them: many S3-compatible servers refuse the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/**
 * The origin presigned playback addresses point at (for the Content-Security-Policy's media-src):
 * the endpoint itself with path-style addressing, else the bucket's own host name.
 */
export function presignedMediaOrigin(s3: Pick<TS3Config, 'endpoint' | 'bucket' | 'region' | 'forcePathStyle'>): string {
  const u = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`);
  return s3.forcePathStyle ? u.origin : `${u.protocol}//${s3.bucket}.${u.host}`;
}

const NO_CACHE: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Media in an S3-compatible bucket: `media/<recording id>/<file>` per recording (deleted by
 * prefix), unfinished tus uploads at `<upload id>` (+ .info, .part) through @tus/s3-store so any
 * API node can resume them. Workers copy the original into a local scratch folder, process it
 * there and put the outputs back. Playback goes by short-lived presigned address (a redirect,
 * Range works against the bucket), or streams through the API when `presign` is off.
 */
export class S3MediaStorage implements TMediaStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(
    readonly s3: TS3Config,
    /** A local folder for scratch copies (DATA_DIR/scratch). */
    readonly scratchRoot: string,
  ) {
    this.client = new S3Client(s3ClientConfig(s3));
    this.bucket = s3.bucket;
  }

  keyOf(recordingId: string, name: string): string {
    assertRecordingId(recordingId);
    return `media/${recordingId}/${name}`;
  }

  async put(key: string, file: string, contentType?: string): Promise<void> {
    await new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: createReadStream(file), ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: 2,
    }).done();
  }

  /** Downloads an object to a local file; false when there is no such object. */
  async download(key: string, file: string): Promise<boolean> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      await pipeline(res.Body as Readable, createWriteStream(file));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  /** Every key under a prefix. */
  async list(prefix: string): Promise<{ key: string; size: number }[]> {
    const out: { key: string; size: number }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) out.push({ key: o.Key, size: o.Size ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (!batch.length) continue;
      await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
    }
  }

  async putOriginal(recordingId: string, file: string): Promise<void> {
    try {
      await this.put(this.keyOf(recordingId, ORIGINAL_FILE), file);
    } finally {
      await rm(file, { force: true });
    }
  }

  async workDir(recordingId: string): Promise<string> {
    assertRecordingId(recordingId);
    // A folder of its own per try: a killed worker's leftovers never mix with a new try's files.
    const dir = path.join(this.scratchRoot, `${recordingId}.${randomUUID().slice(0, 8)}`);
    await mkdir(dir, { recursive: true });
    await this.download(this.keyOf(recordingId, ORIGINAL_FILE), path.join(dir, ORIGINAL_FILE));
    return dir;
  }

  async save(recordingId: string, dir: string, names: string[]): Promise<void> {
    for (const name of names) {
      const file = path.join(dir, name);
      if (existsSync(file)) await this.put(this.keyOf(recordingId, name), file, CONTENT_TYPES[name]);
    }
  }

  async release(_recordingId: string, dir: string): Promise<void> {
    await rm(dir, { recursive: true, force: true });
  }

  /**
   * Removes scratch copies older than `olderThanMs` (those of a worker killed mid-analysis, or of
   * an API node stopped while it checked an upload); returns how many went.
   */
  async sweepScratch(olderThanMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.scratchRoot).catch(() => [] as string[])) {
      const entry = path.join(this.scratchRoot, name);
      const info = await stat(entry).catch(() => null);
      if (!info || info.mtimeMs >= now - olderThanMs) continue;
      await rm(entry, { recursive: true, force: true });
      removed++;
    }
    return removed;
  }

  async remove(recordingId: string): Promise<void> {
    assertRecordingId(recordingId);
    await this.deleteKeys((await this.list(`media/${recordingId}/`)).map((o) => o.key));
  }

  async serve(reply: FastifyReply, recordingId: string, kind: TMediaKind, opts: { presignSeconds?: number } = {}): Promise<boolean> {
    const key = this.keyOf(recordingId, MEDIA_FILES[kind]);
    // The browser asks the API each time, so no cache outlives withdrawn access.
    reply.header('cache-control', 'private, no-store');
    if (this.s3.presign && !SCRIPT_FETCHED_MEDIA.has(kind)) {
      if (!(await this.exists(key))) return false;
      const url = await getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
        expiresIn: Math.min(opts.presignSeconds ?? PRESIGN_SECONDS, PRESIGN_SECONDS),
      });
      await reply.redirect(url, 302);
      return true;
    }
    const range = reply.request.headers.range;
    let res: GetObjectCommandOutput;
    try {
      res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: typeof range === 'string' && /^bytes=\d*-\d*$/.test(range) ? range : undefined,
        }),
      );
    } catch (err) {
      if (isNotFound(err)) return false;
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 416) {
        await reply.status(416).header('content-range', 'bytes */*').send();
        return true;
      }
      throw err;
    }
    reply.status(res.ContentRange ? 206 : 200);
    reply.header('accept-ranges', 'bytes');
    reply.header('content-type', res.ContentType || CONTENT_TYPES[MEDIA_FILES[kind]] || 'application/octet-stream');
    if (res.ContentLength !== undefined) reply.header('content-length', res.ContentLength);
    if (res.ContentRange) reply.header('content-range', res.ContentRange);
    if (res.ETag) reply.header('etag', res.ETag);
    await reply.send(res.Body as Readable);
    return true;
  }

  private tusStore: S3Store | null = null;

  uploadStore(expiryMs: number): DataStore {
    this.tusStore = new S3Store({
      partSize: PART_BYTES,
      expirationPeriodInMilliseconds: expiryMs,
      // Expiry goes by the multipart upload's start (deleteExpired), not by object tags.
      useTags: false,
      // No per-node cache of upload metadata: another API node may have changed it (a length
      // declared later), so every request reads it from the bucket (one HEAD).
      cache: NO_CACHE,
      s3ClientConfig: { ...s3ClientConfig(this.s3), bucket: this.bucket },
    });
    return this.tusStore;
  }

  async finishedUploadFile(uploadId: string): Promise<string> {
    assertRecordingId(uploadId);
    await mkdir(this.scratchRoot, { recursive: true });
    const file = path.join(this.scratchRoot, `${uploadId}.upload`);
    if (!(await this.download(uploadId, file))) throw new Error('finished upload not found in the bucket');
    return file;
  }

  async partialUploadFile(): Promise<string | null> {
    // The parts of an unfinished multipart upload cannot be read back: no live transcription;
    // the analysis transcribes the whole recording once it is saved.
    return null;
  }

  endUploadAsReceived(uploadId: string): Promise<TReceivedUpload | null> {
    assertRecordingId(uploadId);
    return endUploadInStore(this.tusStore ?? this.uploadStore(0), uploadId);
  }

  async dropUpload(uploadId: string): Promise<void> {
    assertRecordingId(uploadId);
    await rm(path.join(this.scratchRoot, `${uploadId}.upload`), { force: true });
    // An unfinished upload's multipart upload is aborted (its parts are stored until then); a
    // finished one has none left, and a service that cannot abort leaves it to the lifecycle rule.
    await (this.tusStore ?? (this.uploadStore(0) as S3Store)).remove(uploadId).catch(() => undefined);
    await this.deleteKeys([uploadId, `${uploadId}.info`, `${uploadId}.part`]);
  }
}
