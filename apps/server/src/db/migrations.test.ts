import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { FAILED_REASONS } from '@rostrum/contract';
import { describe, expect, it } from 'vitest';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** A copy of the migrations folder holding only the first `count` migrations. */
function migrationsUpTo(count: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rostrum-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migration 0005: recordings store failure codes', () => {
  it('turns each stored sentence into its code and anything else into unprocessable', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo(5) });
    // Recordings as the earlier releases stored them; the foreign keys are not what is tested here.
    await client.exec('SET session_replication_role = replica');
    const before = [...Object.values(FAILED_REASONS), 'some other text', null];
    for (const reason of before) {
      await client.query(
        `INSERT INTO recordings (org_id, user_id, title, status, failed_reason) VALUES (gen_random_uuid(), gen_random_uuid(), $1, 'failed', $2)`,
        [reason ?? 'none', reason],
      );
    }
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const { rows } = await client.query<{ title: string; failed_code: string | null }>('SELECT title, failed_code FROM recordings');
    const codeOf = Object.fromEntries(rows.map((r) => [r.title, r.failed_code]));
    for (const [code, sentence] of Object.entries(FAILED_REASONS)) expect(codeOf[sentence]).toBe(code);
    expect(codeOf['some other text']).toBe('unprocessable');
    expect(codeOf.none).toBeNull();
    await client.close();
  });
});
