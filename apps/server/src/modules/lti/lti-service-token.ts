import { randomUUID } from 'node:crypto';
import type { TConfig } from '../../config.js';
import type { TDb } from '../../db/client.js';
import { signToolJwt } from './lti-jwt.js';
import { currentToolKey, signingKeyOf } from './lti-keys.js';
import { platformUrlProblem } from './lti-urls.js';
import type { TPlatformRow } from './lti.repository.js';

// Access tokens for the platform's services (AGS, NRPS): the client-credentials grant with a JWT
// client assertion (1EdTech Security Framework 4.1), signed with the organisation's current tool
// key: iss = sub = the client id, aud = the platform's token endpoint, a fresh jti, 5 minutes.
// Tokens are kept in this process's memory per platform and scope set until a minute before they
// expire: a worker asks again after a restart, which costs one request (docs/decisions/lti.md).

export const LTI_SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

/** A platform's service answered with something other than success; `status` 0 when it was not reached. */
export class PlatformServiceError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** How long a service call may take. */
export const SERVICE_TIMEOUT_MS = 10_000;
const ASSERTION_SECONDS = 300;
/** A token is asked for again this long before it expires. */
const RENEW_BEFORE_MS = 60_000;

const cache = new Map<string, { token: string; expiresAt: number }>();

export type TServiceDeps = { db: TDb; config: Pick<TConfig, 'urlFetchAllowHosts'>; mediaSecret: string };

/** A fetch of a platform address, checked again for SSRF (DNS may have changed) and timed out. */
export async function platformFetch(config: Pick<TConfig, 'urlFetchAllowHosts'>, url: string, init: RequestInit): Promise<Response> {
  const problem = await platformUrlProblem(url, config);
  if (problem) throw new PlatformServiceError(`address not allowed: ${problem}`, 0);
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS) });
  } catch (err) {
    throw new PlatformServiceError(`unreachable: ${err instanceof Error ? err.message : String(err)}`, 0);
  }
}

/** A bearer token for these scopes at the platform, from the cache or a new grant. */
export async function serviceToken(deps: TServiceDeps, platform: TPlatformRow, scopes: readonly string[]): Promise<string> {
  const scope = [...scopes].sort().join(' ');
  const key = `${platform.id} ${platform.tokenUrl} ${platform.clientId} ${scope}`;
  const kept = cache.get(key);
  if (kept && kept.expiresAt - RENEW_BEFORE_MS > Date.now()) return kept.token;
  const row = await currentToolKey(deps.db, deps.mediaSecret, platform.orgId);
  const assertion = await signToolJwt(
    { kid: row.kid, privateKey: await signingKeyOf(deps.mediaSecret, row) },
    { iss: platform.clientId, sub: platform.clientId, aud: platform.tokenUrl, jti: randomUUID() },
    ASSERTION_SECONDS,
  );
  const res = await platformFetch(deps.config, platform.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope,
    }).toString(),
  });
  const body = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
  if (!res.ok || typeof body?.access_token !== 'string') {
    throw new PlatformServiceError(`token endpoint answered ${res.status}`, res.status);
  }
  const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
  cache.set(key, { token: body.access_token, expiresAt: Date.now() + seconds * 1000 });
  return body.access_token;
}

/** Drops a token the platform refused (401), so the next call asks for a new one. */
export function forgetServiceToken(platform: TPlatformRow, scopes: readonly string[]): void {
  cache.delete(`${platform.id} ${platform.tokenUrl} ${platform.clientId} ${[...scopes].sort().join(' ')}`);
}
