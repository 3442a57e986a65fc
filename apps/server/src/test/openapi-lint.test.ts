import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from './harness.js';

// The OpenAPI document is good enough for anyone's client generator: Redocly's recommended
// rules pass, and every operation has an id, a summary, a tag and its error responses.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const REDOCLY = path.join(ROOT, 'node_modules/.bin/redocly');

type TOperation = { operationId?: string; summary?: string; tags?: string[]; responses?: Record<string, unknown> };
let t: TTestApp;
let doc: { paths: Record<string, Record<string, TOperation>> };
beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
});
afterAll(async () => t?.close());

describe('the OpenAPI document', () => {
  it('passes Redocly lint with the recommended rules', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'rostrum-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const run = await promisify(execFile)(REDOCLY, ['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format=stylish'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    }).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '', failed: true }));
    const output = `${run.stdout}\n${run.stderr}`;
    expect('failed' in run, output.slice(-4000)).toBe(false);
    expect(output).not.toMatch(/\berror\b.*\b[a-z]+-[a-z-]+\b/);
  }, 60_000);

  it('gives every operation a unique id, a summary, a tag and its error responses', () => {
    const ids = new Set<string>();
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${p}`;
        expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
        expect(ids.has(op.operationId!), `${where}: operationId ${op.operationId} repeated`).toBe(false);
        ids.add(op.operationId!);
        expect(op.summary, where).toBeTruthy();
        expect(op.tags?.length, where).toBeGreaterThan(0);
        if (!p.startsWith('/api/v1/uploads'))
          expect(Object.keys(op.responses ?? {}), where).toEqual(expect.arrayContaining(['4XX', '5XX']));
      }
    }
    expect(ids.has('createUpload') && ids.has('appendUpload'), 'the tus upload calls are described').toBe(true);
  });
});
