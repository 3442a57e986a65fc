import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config apps/server/drizzle.config.ts` writes SQL migrations;
// they are committed and applied at start by src/db/migrate.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema.ts',
  out: './apps/server/drizzle',
});
