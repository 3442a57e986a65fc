import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchUrlToFile, isPublicAddress, UrlFetchError } from './url-fetcher.js';

let server: http.Server;
let base: string;
const dir = mkdtempSync(path.join(os.tmpdir(), 'rostrum-fetch-'));
let requests = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests++;
    if (req.url === '/file.wav') return res.end(Buffer.alloc(1000, 7));
    if (req.url === '/big') return res.end(Buffer.alloc(5000, 1));
    if (req.url === '/to-private') {
      res.writeHead(302, { location: 'http://10.1.2.3/secret' });
      return res.end();
    }
    if (req.url === '/to-file') {
      res.writeHead(301, { location: '/file.wav' });
      return res.end();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const opts = { maxBytes: 2000, timeoutMs: 5000, allowHosts: ['127.0.0.1'] };

describe('isPublicAddress', () => {
  it('refuses private, loopback, link-local and mapped addresses', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '100.64.0.1']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(a), a).toBe(true);
  });
});

describe('fetchUrlToFile', () => {
  it('downloads an allowed URL and follows redirects', async () => {
    const dest = path.join(dir, 'a.bin');
    const r = await fetchUrlToFile(`${base}/to-file`, dest, opts);
    expect(r.bytes).toBe(1000);
    expect(readFileSync(dest).length).toBe(1000);
  });

  it('refuses loopback and private addresses before connecting', async () => {
    const before = requests;
    for (const url of [`${base}/file.wav`, 'http://10.0.0.1/x', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://localhost:1/x']) {
      const err = await fetchUrlToFile(url, path.join(dir, 'b.bin'), { ...opts, allowHosts: [] }).catch((e) => e);
      expect(err, url).toBeInstanceOf(UrlFetchError);
      expect((err as UrlFetchError).kind, url).toBe('blocked');
    }
    expect(requests).toBe(before);
  });

  it('re-checks every redirect', async () => {
    const err = await fetchUrlToFile(`${base}/to-private`, path.join(dir, 'c.bin'), opts).catch((e) => e);
    expect((err as UrlFetchError).kind).toBe('blocked');
  });

  it('stops at the size limit and keeps nothing', async () => {
    const dest = path.join(dir, 'd.bin');
    const err = await fetchUrlToFile(`${base}/big`, dest, opts).catch((e) => e);
    expect((err as UrlFetchError).kind).toBe('too-large');
    expect(() => readFileSync(dest)).toThrow();
  });

  it('refuses other schemes', async () => {
    const err = await fetchUrlToFile('file:///etc/passwd', path.join(dir, 'e.bin'), opts).catch((e) => e);
    expect((err as UrlFetchError).kind).toBe('blocked');
  });
});
