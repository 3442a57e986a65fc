import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import ipaddr from 'ipaddr.js';

// Fetching a user-given URL from the server must never reach the server's own network:
// every address a name resolves to is checked, the connection goes to the checked address
// (no DNS rebinding in between), and each redirect is checked again.

type TIPv4 = ipaddr.IPv4;
type TIPv6 = ipaddr.IPv6;

const v4 = (hi: number, lo: number): TIPv4 => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

/**
 * The IPv4 addresses an IPv6 address carries, for the forms that reach an IPv4 host: mapped
 * (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d), compatible (::a.b.c.d), 6to4 (2002:AABB:CCDD::),
 * NAT64's well-known prefix (64:ff9b::a.b.c.d) and Teredo (server and obfuscated client). Null
 * for an address of none of these forms.
 */
function embeddedIPv4(a: TIPv6): TIPv4[] | null {
  const p = a.parts;
  switch (a.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return [v4(p[6]!, p[7]!)];
    case '6to4':
      return [v4(p[1]!, p[2]!)];
    case 'teredo':
      return [v4(p[2]!, p[3]!), v4(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
    case 'rfc6052':
      // 64:ff9b::/96 embeds an address; the local-use 64:ff9b:1::/48 is a private translator.
      return p[0] === 0x64 && p[1] === 0xff9b && p.slice(2, 6).every((x) => x === 0) ? [v4(p[6]!, p[7]!)] : [];
    case 'unicast':
      // IPv4-compatible ::a.b.c.d (deprecated, still routed by some stacks) looks unicast.
      return p.slice(0, 6).every((x) => x === 0) ? [v4(p[6]!, p[7]!)] : null;
    default:
      return null;
  }
}

/**
 * Whether an address is on the public internet: ipaddr.js's range must be 'unicast' (not
 * loopback, private, link-local, CGNAT, multicast, documentation, reserved, ...), and an IPv6
 * address that carries an IPv4 address (see embeddedIPv4) is judged by what it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const embedded = embeddedIPv4(parsed as TIPv6);
  if (embedded) return embedded.length > 0 && embedded.every((e) => e.range() === 'unicast');
  return parsed.range() === 'unicast';
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
export async function fetchUrlToFile(
  url: string,
  dest: string,
  opts: TFetchOptions,
): Promise<{ finalUrl: string; bytes: number; contentType: string | null }> {
  const deadline = AbortSignal.timeout(opts.timeoutMs);
  let current = new URL(url);
  for (let hop = 0; hop <= (opts.maxRedirects ?? 5); hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:')
      throw new UrlFetchError('only http and https are allowed', 'blocked');
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
        dnsLookup(host, { all: true }, (err, list) =>
          err ? reject(new UrlFetchError('unknown host', 'failed')) : resolve(list.map((a) => a.address)),
        ),
      );
  if (addresses.some((a) => !isPublicAddress(a))) throw new UrlFetchError('private address', 'blocked');
}
