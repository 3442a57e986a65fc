import type { TConfig } from './config.js';
import type { TDb } from './db/client.js';
import type { TQueue } from './jobs/job-types.js';
import type { TMediaStorage } from './storage/media-storage.js';
import type { TPaymentProvider } from './payments/payment-provider.js';

/** What every service receives: built once in main (or the test harness) and passed down. */
export interface TDeps {
  db: TDb;
  config: TConfig;
  /** Jobs, emails included: services enqueue (inside their transaction), workers run them. */
  queue: TQueue;
  storage: TMediaStorage;
  /** Signs short-lived media addresses. */
  mediaSecret: string;
  /** Card payments; absent: not configured (prepaid codes still work). */
  payments?: TPaymentProvider | null;
}
