import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { TDb } from './client.js';

/**
 * A statement prepared once per database handle (and by PostgreSQL once per connection): for the
 * reads nearly every request makes, whose building by the query builder and planning by
 * PostgreSQL cost more than running them. `prepare` must give the same SQL text every time.
 */
export function preparedPerDb<T>(prepare: (db: TDb) => T): (db: TDb) => T {
  const byDb = new WeakMap<TDb, T>();
  return (db) => {
    let statement = byDb.get(db);
    if (!statement) {
      statement = prepare(db);
      byDb.set(db, statement);
    }
    return statement;
  };
}

/**
 * `column = any($name::uuid[])`: an id list as one array parameter, so a statement over any
 * number of ids has one text and can be prepared (inArray writes one parameter per id).
 */
export function inIdList(column: SQLWrapper, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::uuid[])`;
}
