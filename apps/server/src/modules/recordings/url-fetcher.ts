import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

// Fetching a user-given URL from the server must never reach the server's own network:
// every address a name resolves to is checked, the connection goes to the checked address
// (no DNS rebinding in between), and each redirect is checked again.

const BLOCKED = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net4, bits, 'ipv4');
}
// IPv4-mapped IPv6 (::ffff:a.b.c.d) is unwrapped in isPublicAddress and checked as IPv4: a
// ::ffff:0:0/96 rule here would also match every plain IPv4 address.
for (const [net6, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(net6, bits, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  if (family === 'ipv6' && address.toLowerCase().startsWith('::ffff:')) {
    const v4 = address.slice(7);
    if (net.isIPv4(v4)) return !BLOCKED.check(v4, 'ipv4');
  }
  return !BLOCKED.check(address, family);
}

export class UrlFetchError extends Error {
  constructor(
    message: string,
    readonly kind: 'blocked' | 'failed' | 'too-large' | 'timeout',
  ) {
    super(message);
  }
}

export interface TFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /** Host names or addresses allowed even when private (tests, intranet sources). */
  allowHosts?: readonly string[];
}

/** Downloads url to dest within the limits; throws UrlFetchError. Returns the final URL and size. */
export async function fetchUrlToFile(url: string, dest: string, opts: TFetchOptions): Promise<{ finalUrl: string; bytes: number; contentType: string | null }> {
  const deadline = AbortSignal.timeout(opts.timeoutMs);
  let current = new URL(url);
  for (let hop = 0; hop <= (opts.maxRedirects ?? 5); hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new UrlFetchError('only http and https are allowed', 'blocked');
    const res = await request(current, opts, deadline);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      current = new URL(res.headers.location, current);
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw new UrlFetchError(`the server answered ${status}`, 'failed');
    }
    const declared = Number(res.headers['content-length'] ?? 0);
    if (declared > opts.maxBytes) {
      res.destroy();
      throw new UrlFetchError('the file is too large', 'too-large');
    }
    let bytes = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        if (bytes > opts.maxBytes) return done(new UrlFetchError('the file is too large', 'too-large'));
        done(null, chunk);
      },
    });
    try {
      await pipeline(res, limit, createWriteStream(dest), { signal: deadline });
    } catch (err) {
      await unlink(dest).catch(() => {});
      if (err instanceof UrlFetchError) throw err;
      if (deadline.aborted) throw new UrlFetchError('the download took too long', 'timeout');
      throw new UrlFetchError('the download failed', 'failed');
    }
    return { finalUrl: current.toString(), bytes, contentType: res.headers['content-type'] ?? null };
  }
  throw new UrlFetchError('too many redirects', 'failed');
}

function request(url: URL, opts: TFetchOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = (opts.allowHosts ?? []).includes(host);
  // Node connects to a literal address without calling `lookup`, so check it here.
  if (net.isIP(host) && !allowed && !isPublicAddress(host)) {
    return Promise.reject(new UrlFetchError('private address', 'blocked'));
  }
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      // Every address must be public: a name with one private answer is refused outright.
      if (!allowed && list.some((a) => !isPublicAddress(a.address))) {
        return callback(new UrlFetchError('private address', 'blocked') as NodeJS.ErrnoException, '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { lookup, signal, headers: { 'user-agent': 'Rostrum/1.0 (recording import)' } }, resolve);
    req.on('error', (err) => {
      if (err instanceof UrlFetchError) return reject(err);
      if ((err as NodeJS.ErrnoException).cause instanceof UrlFetchError) return reject((err as NodeJS.ErrnoException).cause);
      if (signal.aborted) return reject(new UrlFetchError('the download took too long', 'timeout'));
      reject(new UrlFetchError(err.message, 'failed'));
    });
  });
}

/**
 * Checks at submission time that a URL's host resolves only to public addresses, so a private
 * address is refused at once. The fetch checks again when it connects (DNS may change).
 */
export async function assertPublicUrl(url: string, allowHosts: readonly string[] = []): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowHosts.includes(host)) return;
  const addresses = net.isIP(host)
    ? [host]
    : await new Promise<string[]>((resolve, reject) =>
        dnsLookup(host, { all: true }, (err, list) => (err ? reject(new UrlFetchError('unknown host', 'failed')) : resolve(list.map((a) => a.address)))),
      );
  if (addresses.some((a) => !isPublicAddress(a))) throw new UrlFetchError('private address', 'blocked');
}
