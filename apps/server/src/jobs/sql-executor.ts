import type { TDb } from '../db/client.js';

interface TQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss talks to the database through `executeSql(text, values)`. Handing it the client
 * underneath a Drizzle transaction (a pg PoolClient or a PGlite transaction, both with
 * `query(text, values)`) makes a job commit or roll back together with the recording that
 * needs it. Drizzle keeps that client on `session.client`; the queue tests guard this.
 */
export function transactionExecutor(tx: TDb) {
  const client = (tx as unknown as { session?: { client?: TQueryable } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('transactionExecutor: no SQL client on this transaction');
  return {
    executeSql: async (text: string, values: unknown[] = []) => ({ rows: (await client.query(text, values)).rows }),
  };
}
