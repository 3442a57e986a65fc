#!/usr/bin/env node
import { accessSync, constants, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { createStripeClient, StripePayments } from './modules/subscriptions/index.js';
import { seedGlobalTemplates } from './seed/global-templates.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import { startQueue } from './jobs/queue.js';
import { createMailer } from './mail/mailer.js';
import { createMediaStorage } from './storage/create-storage.js';
import { S3MediaStorage } from './storage/s3-media-storage.js';
import { loadMediaSecret } from './storage/media-urls.js';
import { logSerializers } from './observability/log-serializers.js';
import { flushErrorReports, initErrorReporting, reportError } from './observability/error-reporting.js';

// Start: `node dist/main.js [--role all|api|worker] [--seed-demo]`.
//   all    API, web app and worker (analysis, email, housekeeping) in one process (the embedded default)
//   api    API and web app only; jobs, emails included, run in worker processes
//   worker jobs only: takes them from the shared queue in PostgreSQL
const ROLES = ['all', 'api', 'worker'] as const;

async function main() {
  const { values } = parseArgs({
    options: { role: { type: 'string', default: 'all' }, 'seed-demo': { type: 'boolean', default: false } },
  });
  const role = values.role as (typeof ROLES)[number];
  if (!ROLES.includes(role)) throw new ConfigError(`Configuration error: --role must be all, api or worker (got "${values.role}")`);
  const config = loadConfig(process.env);
  config.webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  try {
    mkdirSync(config.dataDir, { recursive: true });
    accessSync(config.dataDir, constants.W_OK);
  } catch {
    throw new ConfigError(`Configuration error: DATA_DIR ${config.dataDir} is not a writable folder`);
  }
  if (role === 'worker' && !config.databaseUrl) {
    throw new ConfigError('Configuration error: DATABASE_URL is required for --role worker (workers share the queue through PostgreSQL)');
  }
  const log = pino({ level: config.logLevel, serializers: logSerializers });
  initErrorReporting({ dsn: config.sentryDsn, environment: config.sentryEnvironment });
  process.on('unhandledRejection', (err) => {
    log.error({ err }, 'unhandled rejection');
    reportError(err, { kind: 'unhandledRejection' });
  });

  const database = await openDatabase(config).catch((err: Error) => {
    throw new ConfigError(`Database error: cannot open ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}: ${err.message}`);
  });
  const storage = createMediaStorage(config);
  mkdirSync(path.join(config.dataDir, storage.kind === 'local' ? 'media' : 'scratch'), { recursive: true });
  if (storage instanceof S3MediaStorage) {
    // Scratch copies left by a killed process go after twice the job expiry (an hour at least):
    // by then their job has run again elsewhere.
    const maxAge = Math.max(2 * config.jobExpireSeconds, 3600) * 1000;
    const sweep = () =>
      storage.sweepScratch(maxAge).then(
        (n) => n && log.info(`${n} stale scratch cop${n === 1 ? 'y' : 'ies'} removed`),
        (err: unknown) => log.warn({ err }, 'scratch sweep failed'),
      );
    void sweep();
    setInterval(sweep, 3600_000).unref();
  }
  const queue = await startQueue(database, config, log);
  const mediaSecret = loadMediaSecret(config.mediaSecret, config.dataDir);

  if (role !== 'api') {
    // Emails leave through the send-email job, so the transport lives with the workers.
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log });
    await queue.startWorkers({ db: database.db, config, storage, log, mailer });
    log.info(`worker started: analysis (${config.workerConcurrency} at a time), email, housekeeping`);
  }
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  if (role !== 'worker') {
    const payments = config.stripe ? new StripePayments(createStripeClient(config.stripe), config.stripe) : null;
    app = await buildApp({ db: database.db, config, queue, storage, mediaSecret, payments }, { logger: log });
    // The product's global templates, in every database (idempotent).
    const globals = await seedGlobalTemplates(database.db);
    if (globals) log.info(`${globals} global assignment template(s) added`);
    if (values['seed-demo']) {
      const seeded = await seedDemoIfEmpty(database.db);
      if (seeded) log.info('demo data created (see README for the demo sign-ins)');
    }
  }
  const close = async () => {
    await app?.close();
    await queue.stop();
    await database.close();
    await flushErrorReports();
    process.exit(0);
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    log.info(`Rostrum is running at ${config.publicUrl} (${database.kind})`);
  }
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
