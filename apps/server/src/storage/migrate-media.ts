#!/usr/bin/env node
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../config.js';
import { listLocalMedia } from './media-storage.js';
import { S3MediaStorage } from './s3-media-storage.js';

// Copies a local media folder (DATA_DIR/media) into the bucket of STORAGE=s3:
//   STORAGE=s3 S3_BUCKET=... DATA_DIR=/var/lib/rostrum node apps/server/dist/storage/migrate-media.js
// Idempotent: a file already in the bucket with the same size is skipped, so it can run again
// after an interruption. The local folder is left as it is (remove it once the nodes use S3).

export interface TMigrateCounts {
  recordings: number;
  copied: number;
  skipped: number;
  bytes: number;
}

export async function migrateMedia(localRoot: string, target: S3MediaStorage): Promise<TMigrateCounts> {
  const files = await listLocalMedia(localRoot);
  const counts: TMigrateCounts = { recordings: new Set(files.map((f) => f.recordingId)).size, copied: 0, skipped: 0, bytes: 0 };
  const byRecording = new Map<string, Map<string, number>>();
  for (const f of files) {
    if (!byRecording.has(f.recordingId)) {
      const there = await target.list(`media/${f.recordingId}/`);
      byRecording.set(f.recordingId, new Map(there.map((o) => [o.key, o.size])));
    }
    const key = target.keyOf(f.recordingId, f.name);
    const size = (await stat(f.file)).size;
    if (byRecording.get(f.recordingId)!.get(key) === size) {
      counts.skipped++;
      continue;
    }
    await target.put(key, f.file);
    counts.copied++;
    counts.bytes += size;
  }
  return counts;
}

async function main() {
  const config = loadConfig(process.env);
  if (!config.s3) throw new ConfigError('Configuration error: STORAGE must be s3 (with the S3_ settings) to migrate media into a bucket');
  const from = path.join(config.dataDir, 'media');
  const target = new S3MediaStorage(config.s3, path.join(config.dataDir, 'scratch'));
  const counts = await migrateMedia(from, target).finally(() => target.client.destroy());
  console.log(
    `Media migrated from ${from} to bucket ${config.s3.bucket}: ${counts.recordings} recording(s), ${counts.copied} file(s) copied (${counts.bytes} bytes), ${counts.skipped} already there`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : `Migration error: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
