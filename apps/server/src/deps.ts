import type { TConfig } from './config.js';
import type { TDb } from './db/client.js';
import type { TQueue } from './jobs/queue.js';
import type { TMailer } from './mail/mailer.js';
import type { MediaStorage } from './storage/media-storage.js';

/** What every service receives: built once in main (or the test harness) and passed down. */
export interface TDeps {
  db: TDb;
  mailer: TMailer;
  config: TConfig;
  queue: TQueue;
  storage: MediaStorage;
  /** Signs short-lived media addresses. */
  mediaSecret: string;
}
