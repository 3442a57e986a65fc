import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../test/harness.js';
import { CACHE_CONTROL } from './web-static.js';

// A built web folder as apps/web's build leaves it: hashed assets with .br/.gz siblings and
// hidden source maps, index.html (compressed too), a public file, and a small asset that the
// build did not compress.
const JS = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX = `<!doctype html><html><head><title>Rostrum</title><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const SMALL = 'export const x = 1;\n';

let dir: string;
let t: TTestApp;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'rostrum-web-'));
  mkdirSync(path.join(dir, 'assets'));
  const put = (rel: string, body: string | Buffer) => writeFileSync(path.join(dir, rel), body);
  put('assets/index-AbC123.js', JS);
  put('assets/index-AbC123.js.br', brotliCompressSync(JS));
  put('assets/index-AbC123.js.gz', gzipSync(JS));
  put('assets/index-AbC123.js.map', '{"version":3,"sources":["secret.ts"]}');
  put('assets/small-XyZ789.js', SMALL);
  put('index.html', INDEX);
  put('index.html.br', brotliCompressSync(INDEX));
  put('index.html.gz', gzipSync(INDEX));
  put('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  put('sw.js', 'self.addEventListener("fetch", () => {});');
  put('manifest.webmanifest', '{"name":"Rostrum Recorder","start_url":"/record"}');
  t = await startTestApp({ config: { webDir: dir } });
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });

describe('hashed assets', () => {
  it('sends brotli when accepted, preferred over gzip, with a year of immutable caching', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
  });

  it('sends gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', '*']) {
      const res = await get('/assets/index-AbC123.js', { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString()).toBe(JS);
    }
  });

  it('sends the file itself without Accept-Encoding or with none it can give, still varying on it', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Record<string, string>[]) {
      const res = await get('/assets/index-AbC123.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(JS);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(CACHE_CONTROL.immutable);
    }
  });

  it('sends an asset without compressed copies as it is, immutable', async () => {
    const res = await get('/assets/small-XyZ789.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SMALL);
    expect(res.headers['cache-control']).toBe(CACHE_CONTROL.immutable);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(CACHE_CONTROL.immutable);
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(JS).length);
    expect(res.body).toBe('');
  });

  it('never serves source maps or the compressed files by their own names', async () => {
    for (const url of [
      '/assets/index-AbC123.js.map',
      '/assets/index-AbC123.js.br',
      '/assets/index-AbC123.js.gz',
      '/index.html.br',
      '/index.html.gz',
    ]) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errors[0].status).toBe(404);
      expect(res.body).not.toContain('secret.ts');
    }
    // Nor does a missing hashed asset get the app's page (a stale tab would run HTML as script).
    expect((await get('/assets/gone-123.js')).statusCode).toBe(404);
    expect((await get('/somewhere/app.js.map')).statusCode).toBe(404);
  });

  it('keeps the security headers on static files', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('index.html and the SPA fallback', () => {
  it('revalidates index.html on every load, compressed as accepted', async () => {
    const res = await get('/index.html', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('serves the app page for / and client-side routes: no-cache, negotiated, with an ETag', async () => {
    for (const url of ['/', '/results/abc?tab=2', '/admin/users']) {
      const br = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX);
      expect(String(br.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
    const gz = await get('/record', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(INDEX);
    const plain = await get('/record');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('answers a revalidation with 304 while the build is unchanged', async () => {
    const first = await get('/history');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/history', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('no-cache');
    expect((await get('/history', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('answers HEAD for a client-side route without a body', async () => {
    const res = await get('/results', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('');
  });

  it('gives other public files a short cache life', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves the service worker and the manifest with their types, revalidated on every load', async () => {
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ start_url: '/record' });
  });

  it('keeps API misses and other methods as JSON 404s', async () => {
    expect((await get('/api/v1/nothing-here')).json().errors[0].status).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/results' });
    expect(post.statusCode).toBe(404);
    expect(post.json().errors[0].code).toBeDefined();
  });
});
