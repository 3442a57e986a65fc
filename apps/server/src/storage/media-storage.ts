import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** The files a recording keeps, by name. Anything else in its folder is never served. */
export const MEDIA_FILES = { audio: 'audio.m4a', video: 'video.mp4', peaks: 'peaks.json' } as const;
export type TMediaKind = keyof typeof MEDIA_FILES;

/** Unfinished resumable (tus) uploads, one file and one .json per upload, under DATA_DIR/uploads. */
export const uploadsDirOf = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * Local media storage: one folder per recording under DATA_DIR/media. The worker reads and
 * writes plain files (ffmpeg needs them); an S3-compatible store would sync these folders.
 */
export class MediaStorage {
  constructor(readonly root: string) {}

  dirFor(recordingId: string): string {
    // Ids arrive lower-cased from the API's edge (ZIdSchema); anything else is a bug, not a path.
    if (!/^[0-9a-f-]{36}$/.test(recordingId)) throw new Error('invalid recording id');
    return path.join(this.root, recordingId);
  }

  async ensureDir(recordingId: string): Promise<string> {
    const dir = this.dirFor(recordingId);
    await mkdir(dir, { recursive: true });
    return dir;
  }

  async remove(recordingId: string): Promise<void> {
    await rm(this.dirFor(recordingId), { recursive: true, force: true });
  }
}
