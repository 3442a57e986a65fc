import { DrizzleQueryError } from 'drizzle-orm/errors';

/** A failed query as logged and reported: the statement and PostgreSQL's names only. */
class DatabaseQueryError extends Error {
  override name = 'DatabaseQueryError';
}

/**
 * A failed query's error carries the query's parameters (and PostgreSQL's message and detail
 * quote them), which are what users typed: preferences, comments, emails. For the log and for
 * error reports it becomes the statement and PostgreSQL's code and names (constraint, table,
 * column, routine), without one value. Any other error is returned as it is.
 */
export function withoutQueryValues(err: unknown): unknown {
  if (!(err instanceof DrizzleQueryError)) return err;
  const cause = (err.cause ?? {}) as Partial<Record<'code' | 'constraint' | 'table' | 'column' | 'routine', unknown>>;
  const safe = new DatabaseQueryError(`Failed query: ${err.query}`);
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n');
  const names = Object.fromEntries(
    (['code', 'constraint', 'table', 'column', 'routine'] as const).filter((k) => typeof cause[k] === 'string').map((k) => [k, cause[k]]),
  );
  return Object.assign(safe, { query: err.query, ...names });
}
