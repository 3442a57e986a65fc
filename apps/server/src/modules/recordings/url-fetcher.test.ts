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
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(a), a).toBe(true);
  });

  // [address, public?, what it is]
  const table: [string, boolean, string][] = [
    ['8.8.8.8', true, 'public IPv4'],
    ['93.184.216.34', true, 'public IPv4'],
    ['2606:4700:4700::1111', true, 'public IPv6'],
    ['2a00:1450:4001:82b::200e', true, 'public IPv6'],
    ['::ffff:8.8.8.8', true, 'IPv4-mapped public'],
    ['64:ff9b::808:808', true, 'NAT64 of a public IPv4'],
    ['2002:808:808::1', true, '6to4 of a public IPv4'],
    ['2001:0:808:808:0:0:f7f7:f7f7', true, 'Teredo between public IPv4s'],
    ['127.0.0.1', false, 'loopback'],
    ['127.1.2.3', false, 'loopback'],
    ['::1', false, 'IPv6 loopback'],
    ['0.0.0.0', false, 'unspecified'],
    ['::', false, 'IPv6 unspecified'],
    ['10.1.2.3', false, 'private'],
    ['172.31.255.1', false, 'private'],
    ['192.168.0.10', false, 'private'],
    ['fd12:3456::1', false, 'unique local'],
    ['169.254.169.254', false, 'link-local (cloud metadata)'],
    ['fe80::1', false, 'IPv6 link-local'],
    ['fe80::1%eth0', false, 'IPv6 link-local with zone'],
    ['100.64.0.1', false, 'CGNAT'],
    ['100.127.255.254', false, 'CGNAT'],
    ['224.0.0.1', false, 'multicast'],
    ['239.255.255.250', false, 'multicast'],
    ['ff02::1', false, 'IPv6 multicast'],
    ['255.255.255.255', false, 'broadcast'],
    ['192.0.2.1', false, 'documentation'],
    ['198.51.100.7', false, 'documentation'],
    ['203.0.113.9', false, 'documentation'],
    ['2001:db8::1', false, 'IPv6 documentation'],
    ['198.18.0.1', false, 'benchmarking'],
    ['240.0.0.1', false, 'reserved'],
    ['not-an-address', false, 'not an address'],
    // Each embedding of 127.0.0.1 and of 10.0.0.1:
    ['::ffff:127.0.0.1', false, 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', false, 'IPv4-mapped loopback, hex'],
    ['::ffff:10.0.0.1', false, 'IPv4-mapped private'],
    ['::ffff:0:127.0.0.1', false, 'IPv4-translated loopback'],
    ['::ffff:0:a00:1', false, 'IPv4-translated private'],
    ['::127.0.0.1', false, 'IPv4-compatible loopback'],
    ['::7f00:1', false, 'IPv4-compatible loopback, hex'],
    ['::10.0.0.1', false, 'IPv4-compatible private'],
    ['2002:7f00:1::', false, '6to4 of loopback'],
    ['2002:7f00:1::1', false, '6to4 of loopback'],
    ['2002:a00:1::1', false, '6to4 of private'],
    ['64:ff9b::127.0.0.1', false, 'NAT64 of loopback'],
    ['64:ff9b::a00:1', false, 'NAT64 of private'],
    ['64:ff9b:1::808:808', false, 'local-use NAT64 prefix'],
    ['64:ff9b:1::a00:1', false, 'local-use NAT64 of private'],
    ['2001:0:7f00:1:0:0:f7f7:f7f7', false, 'Teredo with a loopback server'],
    ['2001:0:808:808:0:0:80ff:fffe', false, 'Teredo with a loopback client (obfuscated)'],
    ['2001:0:808:808:0:0:f5ff:fffe', false, 'Teredo with a private client (obfuscated)'],
  ];
  for (const [address, expected, what] of table) {
    it(`${expected ? 'accepts' : 'refuses'} ${address} (${what})`, () => {
      expect(isPublicAddress(address)).toBe(expected);
    });
  }
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
    const port = new URL(base).port;
    for (const url of [
      `${base}/file.wav`,
      'http://10.0.0.1/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://localhost:1/x',
      // Loopback dressed as IPv6: IPv4-compatible, mapped, 6to4 and NAT64 forms.
      `http://[::127.0.0.1]:${port}/file.wav`,
      `http://[::ffff:127.0.0.1]:${port}/file.wav`,
      `http://[2002:7f00:1::]:${port}/file.wav`,
      `http://[64:ff9b::7f00:1]:${port}/file.wav`,
    ]) {
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
