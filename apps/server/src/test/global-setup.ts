import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import type { TConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { startQueue } from '../jobs/queue.js';
import { ADMIN_URL } from './admin-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database with every migration and the job queue's schema, copied for each test file. */
    templateDatabase: string;
  }
}

/**
 * Once per run: a database migrated and with pg-boss's schema installed, which each server test
 * file copies (CREATE DATABASE ... TEMPLATE) instead of migrating a new one: about 0.5 s against
 * 3 s per file. Dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  const name = `rostrum_tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  const queue = await startQueue(database, { jobExpireSeconds: 1800 } as TConfig, pino({ level: 'silent' }));
  await queue.stop();
  await database.close();
  project.provide('templateDatabase', name);
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
