import path from 'node:path';
import type { TConfig } from '../config.js';
import { MediaStorage, type TMediaStorage } from './media-storage.js';
import { S3MediaStorage } from './s3-media-storage.js';

/** The media storage the configuration names: an S3-compatible bucket, or local folders under DATA_DIR. */
export function createMediaStorage(config: TConfig): TMediaStorage {
  if (config.s3) return new S3MediaStorage(config.s3, path.join(config.dataDir, 'scratch'));
  return new MediaStorage(path.join(config.dataDir, 'media'));
}
