import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}` });

describe('GET legal/{document} (issue 12 item 19)', () => {
  it('serves a default that says it is one, without signing in', async () => {
    for (const [doc, title] of [
      ['terms', 'Terms of Use'],
      ['privacy', 'Privacy Policy'],
    ] as const) {
      const res = await get(`/legal/${doc}`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ document: doc, title, isDefault: true });
      expect(data.markdown).toContain('This is the default text');
    }
  });

  it("serves the operator's file from DATA_DIR/legal, read on each request", async () => {
    const dir = path.join(t.config.dataDir, 'legal');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'terms.md'), '# Acme terms\n\nBe kind. <script>alert(1)</script>\n');
    const data = (await get('/legal/terms')).json().data;
    expect(data).toMatchObject({ document: 'terms', isDefault: false });
    // Returned as text: the web renders it as text, so markup in the file stays inert.
    expect(data.markdown).toBe('# Acme terms\n\nBe kind. <script>alert(1)</script>');
    writeFileSync(path.join(dir, 'terms.md'), 'Second edition');
    expect((await get('/legal/terms')).json().data.markdown).toBe('Second edition');
    // An empty file is a mistake: the default shows.
    writeFileSync(path.join(dir, 'privacy.md'), '  \n');
    expect((await get('/legal/privacy')).json().data.isDefault).toBe(true);
  });

  it('names only the two documents: no other file, no path traversal', async () => {
    writeFileSync(path.join(t.config.dataDir, 'secret.md'), 'secret');
    writeFileSync(path.join(t.config.dataDir, 'legal', 'secret.md'), 'secret');
    for (const bad of [
      'secret',
      'secret.md',
      '..%2Fsecret',
      '..%2F..%2Fetc%2Fpasswd',
      'terms.md',
      'TERMS',
      '%2e%2e',
      '..%2f..%2fsecret.md',
    ]) {
      const res = await get(`/legal/${bad}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.body).not.toContain('secret');
      expect(res.json().errors[0].code, bad).toBeTruthy();
    }
  });
});
