import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { MediaStorage, type TMediaStorage } from '../../storage/media-storage.js';
import { S3MediaStorage } from '../../storage/s3-media-storage.js';

// Where the export zips are kept: beside the recordings' media, in the same storage, under
// data-exports/ (a bucket's key prefix, or DATA_DIR/data-exports beside DATA_DIR/media). The media
// storage's interface is about recordings, so the two storages are told apart here by their class.

const ZIP_NAME = /^[0-9a-f-]{36}\.zip$/;

/** The storage key of an export's zip. */
export const zipKeyOf = (exportId: string) => `data-exports/${exportId}.zip`;

function assertKey(key: string): string {
  const name = key.slice('data-exports/'.length);
  if (!key.startsWith('data-exports/') || !ZIP_NAME.test(name)) throw new Error('invalid data export key');
  return name;
}

const localDirOf = (storage: MediaStorage) => path.join(path.dirname(storage.root), 'data-exports');

/** Stores a finished zip (a local file, left in place for the caller to remove). */
export async function putZip(storage: TMediaStorage, key: string, file: string): Promise<void> {
  const name = assertKey(key);
  if (storage instanceof S3MediaStorage) return storage.put(key, file, 'application/zip');
  if (storage instanceof MediaStorage) {
    const dir = localDirOf(storage);
    await mkdir(dir, { recursive: true });
    await copyFile(file, path.join(dir, name));
    return;
  }
  throw new Error(`data exports: no zip storage for ${storage.kind}`);
}

/** A stream of a stored zip, or null when it is gone. */
export async function openZip(storage: TMediaStorage, key: string): Promise<Readable | null> {
  const name = assertKey(key);
  if (storage instanceof S3MediaStorage) {
    try {
      const res = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
      return res.Body as Readable;
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404) return null;
      throw err;
    }
  }
  if (storage instanceof MediaStorage) {
    const file = path.join(localDirOf(storage), name);
    const info = await stat(file).catch(() => null);
    return info?.isFile() ? createReadStream(file) : null;
  }
  throw new Error(`data exports: no zip storage for ${storage.kind}`);
}

/** Removes a stored zip (nothing when it is already gone). */
export async function removeZip(storage: TMediaStorage, key: string): Promise<void> {
  const name = assertKey(key);
  if (storage instanceof S3MediaStorage) return storage.deleteKeys([key]);
  if (storage instanceof MediaStorage) return rm(path.join(localDirOf(storage), name), { force: true });
  throw new Error(`data exports: no zip storage for ${storage.kind}`);
}

/** The export ids of every stored zip (for the sweep of zips whose export is gone). */
export async function listZipIds(storage: TMediaStorage): Promise<string[]> {
  let names: string[];
  if (storage instanceof S3MediaStorage) names = (await storage.list('data-exports/')).map((o) => o.key.slice('data-exports/'.length));
  else if (storage instanceof MediaStorage) names = await readdir(localDirOf(storage)).catch(() => [] as string[]);
  else throw new Error(`data exports: no zip storage for ${storage.kind}`);
  return names.filter((n) => ZIP_NAME.test(n)).map((n) => n.slice(0, -'.zip'.length));
}

/** A local scratch folder for building zips (DATA_DIR/scratch). */
export async function scratchDirOf(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'scratch');
  await mkdir(dir, { recursive: true });
  return dir;
}
