import { lookup } from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { ERROR_CODES, LTI_MSG } from '@rostrum/contract';
import type { TConfig } from '../../config.js';
import { badRequest } from '../../errors.js';

// Platform addresses the server itself fetches (the JWKS; the token endpoint later) must not
// reach into the server's own network (SSRF), as the URL upload's guard does: https to a host
// that resolves to public addresses only. Plain http, and private addresses, only for hosts
// listed in URL_FETCH_ALLOW_HOSTS (tests and development: 127.0.0.1, localhost).

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

function isPublic(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** Whether the server may fetch this address; answers the reason when not. */
export async function platformUrlProblem(url: string, config: Pick<TConfig, 'urlFetchAllowHosts'>, fetched = true): Promise<string | null> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'not an address';
  }
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = config.urlFetchAllowHosts.includes(host);
  if (u.username || u.password) return 'credentials in the address';
  if (u.protocol === 'http:') return allowed && LOOPBACK.has(host) ? null : 'plain http';
  if (u.protocol !== 'https:') return 'not https';
  // Addresses only the browser goes to (the issuer, the authorisation endpoint) need https only.
  if (allowed || !fetched) return null;
  const addresses = net.isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (list) => list.map((a) => a.address),
        () => [],
      );
  if (!addresses.length) return 'unknown host';
  return addresses.every(isPublic) ? null : 'private address';
}

/** 400 lti.url_not_allowed naming the field, unless every address may be fetched. */
export async function assertPlatformUrls(
  config: Pick<TConfig, 'urlFetchAllowHosts'>,
  urls: Record<string, { url: string; fetched: boolean }>,
): Promise<void> {
  for (const [field, { url, fetched }] of Object.entries(urls)) {
    const problem = await platformUrlProblem(url, config, fetched);
    if (problem) throw badRequest(`${field}: ${LTI_MSG.urlNotAllowed}`, ERROR_CODES.ltiUrlNotAllowed);
  }
}
