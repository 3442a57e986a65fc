// API integration tests run against the real PostgreSQL (TEST_DATABASE_URL, by default the
// local server's `test` database), where each test file creates a database of its own.
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
