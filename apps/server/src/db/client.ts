import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

export type TSchema = typeof schema;
/** Either driver: PGlite (embedded default) or node-postgres (DATABASE_URL). */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

/** The raw connection pg-boss uses: its migrations are multi-statement, which needs the simple protocol. */
export interface TSqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface TDatabase {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** For PostgreSQL, pg-boss opens its own pool from this URL. */
  connectionString?: string;
  /** For PGlite, pg-boss shares the single embedded connection. */
  executor?: TSqlExecutor;
  close: () => Promise<void>;
}

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Opens the database and applies pending migrations. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<TDatabase> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client that loses its connection (server restart, failover) is dropped and
    // replaced by the pool; without a listener that error would crash the process.
    pool.on('error', () => {});
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    return { db: db as unknown as TDb, kind: 'postgres', connectionString: opts.databaseUrl, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = path.join(opts.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  const executor: TSqlExecutor = {
    async executeSql(text, values = []) {
      if (values.length) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
  return { db: db as unknown as TDb, kind: 'pglite', executor, close: () => client.close() };
}
