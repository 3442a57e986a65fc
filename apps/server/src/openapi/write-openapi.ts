#!/usr/bin/env node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { TDb } from '../db/client.js';
import type { TQueue } from '../jobs/job-types.js';
import { MediaStorage } from '../storage/media-storage.js';

// Writes the API's OpenAPI document without a database or a server: the web client's types are
// generated from it at build time (scripts/generate-api-types.sh), so both sides share one seam.
// Usage: node dist/openapi/write-openapi.js OUT.json

const out = process.argv[2];
if (!out) {
  console.error('usage: write-openapi OUT.json');
  process.exit(2);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rostrum-openapi-'));
// Routes are only registered here, never called: the database and queue are never touched.
const unused = new Proxy(
  {},
  {
    get: () => {
      throw new Error('write-openapi does not run requests');
    },
  },
);
const config = { ...loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080' }), webDir: undefined };
const app = await buildApp({
  db: unused as TDb,
  queue: unused as TQueue,
  config,
  storage: new MediaStorage(path.join(dataDir, 'media')),
  mediaSecret: 'openapi-document-only-0123456789abcdef',
});
await app.ready();
writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
rmSync(dataDir, { recursive: true, force: true });
