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

describe('migration 0022: each consent in its own column, with its time', () => {
  type TRow = Record<string, unknown> & { email: string };
  const day = (d: string) => new Date(`${d}T09:30:00.000Z`);

  it('moves the USA storage consent out of data_use_allowed and dates the consents given at sign-up', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo(22) });
    const {
      rows: [org],
    } = await client.query<{ id: string }>(`INSERT INTO organisations (code, name) VALUES ('eu', 'EU College') RETURNING id`);
    // Users as the sign-up form and the profile stored them before 0022: an EU sign-up saved the
    // storage consent as data_use_allowed, and the profile showed that box ticked.
    const before = [
      // email, is_eu, age_attestation, data_use_allowed, data_retention, terms, privacy, created, updated
      ['eu-untouched', true, true, true, false, true, true, '2026-01-10', '2026-01-10'],
      ['eu-saved-profile', true, true, true, true, true, true, '2026-02-01', '2026-03-01'],
      ['eu-retained-at-sign-up', true, true, true, true, true, true, '2026-02-05', '2026-02-05'],
      ['eu-turned-off', true, true, false, false, true, true, '2026-02-01', '2026-03-05'],
      ['plain', false, null, null, null, true, true, '2026-01-20', '2026-04-01'],
      ['hub', false, null, null, null, false, false, '2026-01-25', '2026-01-25'],
    ] as const;
    for (const [email, isEu, age, dataUse, retention, terms, privacy, created, updated] of before) {
      await client.query(
        `INSERT INTO users (org_id, email, password_hash, first_name, last_name, name, email_preferences, is_eu, age_attestation,
           data_use_allowed, data_retention, terms_accepted, privacy_accepted, created_at, updated_at)
         VALUES ($1, $2, 'x', 'F', 'L', 'F L', '{}', $3, $4, $5, $6, $7, $8, $9, $10)`,
        [org!.id, email, isEu, age, dataUse, retention, terms, privacy, day(created), day(updated)],
      );
    }
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const { rows } = await client.query<TRow>('SELECT * FROM users');
    const of = Object.fromEntries(rows.map((r) => [r.email, r]));
    const at = (d: string) => day(d);

    for (const [email, , , , , , , created] of before.filter((b) => b[1])) {
      expect(of[email], email).toMatchObject({
        data_use_allowed: false,
        data_use_allowed_at: null,
        usa_storage_consent: true,
        usa_storage_consent_at: at(created),
        age_attestation_at: at(created),
        terms_accepted_at: at(created),
        privacy_accepted_at: at(created),
      });
    }
    // Retention is a real choice: kept, dated only when the account was never saved after sign-up.
    expect(of['eu-untouched']).toMatchObject({ data_retention: false, data_retention_at: null, updated_at: at('2026-01-10') });
    expect(of['eu-saved-profile']).toMatchObject({ data_retention: true, data_retention_at: null, updated_at: at('2026-03-01') });
    expect(of['eu-retained-at-sign-up']).toMatchObject({ data_retention: true, data_retention_at: at('2026-02-05') });
    expect(of.plain).toMatchObject({
      usa_storage_consent: null,
      usa_storage_consent_at: null,
      age_attestation_at: null,
      data_use_allowed: null,
      data_retention_at: null,
      terms_accepted_at: at('2026-01-20'),
      privacy_accepted_at: at('2026-01-20'),
    });
    expect(of.hub).toMatchObject({ terms_accepted_at: null, privacy_accepted_at: null, usa_storage_consent: null });
    await client.close();
  });
});

describe('migration 0025: custom rating ids keep only letters, digits, dots and dashes', () => {
  it('re-keys each scorecard and its responses, and leaves ratings that would share an id as they were', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo(25) });
    await client.exec('SET session_replication_role = replica');
    const preset = { id: 'scoreOverall', label: 'Overall', description: '', order: 0, preset: true, hidden: false };
    const custom = (id: string, label: string, order: number) => ({ id, label, description: '', order, preset: false, hidden: false });
    // As the editor stored them before: spaces became dashes.
    const cards = {
      plain: [preset, custom('customcall-to-action', 'Call to Action', 1), custom('customeye-contact', 'Eye contact', 2)],
      // "STORY telling" and "Storytelling" were two ids; now they would be one.
      clash: [preset, custom('customstory-telling', 'STORY telling', 1), custom('customstorytelling', 'Storytelling', 2)],
    };
    const ids: Record<string, string> = {};
    for (const [name, questions] of Object.entries(cards)) {
      const { rows } = await client.query<{ id: string }>(
        'INSERT INTO scorecards (assignment_id, questions) VALUES (gen_random_uuid(), $1) RETURNING id',
        [JSON.stringify(questions)],
      );
      ids[name] = rows[0]!.id;
      await client.query(
        'INSERT INTO scorecard_responses (scorecard_id, recording_id, user_id, responses) VALUES ($1, gen_random_uuid(), gen_random_uuid(), $2)',
        [ids[name], JSON.stringify(questions.filter((q) => !q.preset).map((q, i) => ({ id: q.id, response: 5 + i })))],
      );
    }
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const read = async (name: string) => {
      const card = await client.query<{ questions: { id: string; label: string }[] }>('SELECT questions FROM scorecards WHERE id = $1', [
        ids[name],
      ]);
      const answers = await client.query<{ responses: { id: string; response: number }[] }>(
        'SELECT responses FROM scorecard_responses WHERE scorecard_id = $1',
        [ids[name]],
      );
      return { questions: card.rows[0]!.questions.map((q) => q.id), responses: answers.rows[0]!.responses };
    };
    expect(await read('plain')).toEqual({
      questions: ['scoreOverall', 'customcalltoaction', 'customeyecontact'],
      responses: [
        { id: 'customcalltoaction', response: 5 },
        { id: 'customeyecontact', response: 6 },
      ],
    });
    expect(await read('clash')).toEqual({
      questions: ['scoreOverall', 'customstory-telling', 'customstorytelling'],
      responses: [
        { id: 'customstory-telling', response: 5 },
        { id: 'customstorytelling', response: 6 },
      ],
    });
    await client.close();
  });
});

describe('migration 0026: a conversation has no Vibe score', () => {
  it("clears the stored score of conversations and keeps every single speaker's", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo(26) });
    await client.exec('SET session_replication_role = replica');
    const rows: [string, unknown, number | null][] = [
      ['conversation', { isConversational: true }, 8],
      ['single', { isConversational: false }, 7.4],
      ['older', {}, 6.5],
      ['unscored conversation', { isConversational: true }, null],
      ['too short', { isConversational: false, scores: { isEmptyResults: true } }, 8],
    ];
    for (const [title, results, score] of rows)
      await client.query(
        `INSERT INTO recordings (org_id, user_id, title, status, results, overall_score) VALUES (gen_random_uuid(), gen_random_uuid(), $1, 'done', $2, $3)`,
        [title, JSON.stringify(results), score],
      );
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const { rows: after } = await client.query<{ title: string; overall_score: number | null }>(
      'SELECT title, overall_score FROM recordings',
    );
    expect(Object.fromEntries(after.map((r) => [r.title, r.overall_score]))).toEqual({
      conversation: null,
      single: 7.4,
      older: 6.5,
      'unscored conversation': null,
      'too short': null,
    });
    await client.close();
  });
});
