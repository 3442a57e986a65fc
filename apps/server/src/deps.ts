import type { TConfig } from './config.js';
import type { TDb } from './db/client.js';
import type { TMailer } from './mail/mailer.js';

/** What every service receives: built once in buildApp, replaced in tests as needed. */
export interface TDeps {
  db: TDb;
  mailer: TMailer;
  config: TConfig;
}
