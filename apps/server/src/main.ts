#!/usr/bin/env node
import { accessSync, constants, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { seedDemoIfEmpty } from './seed/demo.js';

// Start: `node dist/main.js [--role all|api] [--seed-demo]`.
// Analysis workers join with their issue; today every role serves the API.
async function main() {
  const { values } = parseArgs({
    options: { role: { type: 'string', default: 'all' }, 'seed-demo': { type: 'boolean', default: false } },
  });
  if (values.role !== 'all' && values.role !== 'api') throw new ConfigError(`Configuration error: --role must be all or api (got "${values.role}")`);
  const config = loadConfig(process.env);
  config.webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  try {
    mkdirSync(config.dataDir, { recursive: true });
    accessSync(config.dataDir, constants.W_OK);
  } catch {
    throw new ConfigError(`Configuration error: DATA_DIR ${config.dataDir} is not a writable folder`);
  }

  const database = await openDatabase(config).catch((err: Error) => {
    throw new ConfigError(`Database error: cannot open ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}: ${err.message}`);
  });
  const logger = { level: config.logLevel };
  const app = await buildApp({ db: database.db, config }, { logger });
  if (values['seed-demo']) {
    const seeded = await seedDemoIfEmpty(database.db, config.publicUrl);
    if (seeded) app.log.info('demo data created (see README for the demo sign-ins)');
  }
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Rostrum is running at ${config.publicUrl} (${database.kind})`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else if (err && typeof err === 'object' && 'code' in err && err.code === 'EADDRINUSE') {
    console.error(`Start error: port ${(err as { port?: number }).port ?? ''} is already in use (set PORT to another port)`);
  } else {
    console.error(`Start error: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exit(1);
});
