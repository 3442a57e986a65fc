import { createRemoteJWKSet, decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { ERROR_CODES, LTI_MSG } from '@rostrum/contract';
import type { TConfig } from '../../config.js';
import { HttpError } from '../../errors.js';
import { LTI_KEY_ALG } from './lti-keys.js';
import { platformUrlProblem } from './lti-urls.js';
import type { TPlatformRow } from './lti.repository.js';
import { CLAIM, DEEP_LINKING_REQUEST, LTI_VERSION, RESOURCE_LINK_REQUEST } from './lti-claims.js';

// The platform's id_token, verified as LTI Core 1.3 section 5.1.3 asks: RS256 signature by a key
// of the platform's JWKS, iss = the registered issuer, aud holds the client id (with several
// audiences, azp must be the client id), exp in the future and iat not far in the past; then the
// LTI claims (version, message type, deployment id). The nonce is checked by the caller, against
// the login's and the used ones.

/** How long a fetch of a platform's JWKS may take, and how long its keys are kept. */
export const JWKS_TIMEOUT_MS = 5000;
const JWKS_CACHE_MS = 10 * 60_000;
/** Clock skew allowed between platform and tool. */
const CLOCK_TOLERANCE_S = 30;
/** An id_token issued longer ago than this is refused even if its exp is later. */
const MAX_TOKEN_AGE = '10m';

const jwksSets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function remoteJwks(url: string) {
  let set = jwksSets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: JWKS_TIMEOUT_MS, cacheMaxAge: JWKS_CACHE_MS, cooldownDuration: 30_000 });
    jwksSets.set(url, set);
  }
  return set;
}

export const tokenInvalid = (why: string) => Object.assign(new HttpError(401, LTI_MSG.tokenInvalid, ERROR_CODES.ltiTokenInvalid), { why });
const messageInvalid = () => new HttpError(400, LTI_MSG.messageInvalid, ERROR_CODES.ltiMessageInvalid);

export type TLtiClaims = JWTPayload & Record<string, unknown> & { sub: string; nonce: string };

/** The id_token's claims once every check passed; 401/400/502 with the reason otherwise. */
export async function verifyIdToken(
  config: Pick<TConfig, 'urlFetchAllowHosts'>,
  platform: TPlatformRow,
  idToken: string,
): Promise<{ claims: TLtiClaims; messageType: string; deploymentId: string }> {
  try {
    if (decodeProtectedHeader(idToken).alg !== LTI_KEY_ALG) throw tokenInvalid('alg');
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw tokenInvalid('header');
  }
  // The JWKS address is checked again before each fetch: DNS may have changed since registration.
  if (await platformUrlProblem(platform.jwksUrl, config)) {
    throw new HttpError(502, LTI_MSG.platformUnreachable, ERROR_CODES.ltiPlatformUnreachable);
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, remoteJwks(platform.jwksUrl), {
      algorithms: [LTI_KEY_ALG],
      issuer: platform.issuer,
      audience: platform.clientId,
      clockTolerance: CLOCK_TOLERANCE_S,
      maxTokenAge: MAX_TOKEN_AGE,
      requiredClaims: ['exp', 'iat', 'nonce', 'sub'],
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWKSTimeout || (err instanceof Error && !(err instanceof joseErrors.JOSEError))) {
      throw new HttpError(502, LTI_MSG.platformUnreachable, ERROR_CODES.ltiPlatformUnreachable);
    }
    throw tokenInvalid(err instanceof joseErrors.JOSEError ? err.code : 'verify');
  }
  // Several audiences: the platform names the one it meant in azp (LTI Core 5.1.3 steps 3-5).
  const aud = payload.aud;
  if ((Array.isArray(aud) && aud.length > 1) || payload.azp !== undefined) {
    if (payload.azp !== platform.clientId) throw tokenInvalid('azp');
  }
  if (typeof payload.sub !== 'string' || !payload.sub || typeof payload.nonce !== 'string') throw tokenInvalid('sub');
  const claims = payload as TLtiClaims;
  if (claims[CLAIM.version] !== LTI_VERSION) throw messageInvalid();
  const messageType = claims[CLAIM.messageType];
  if (messageType !== RESOURCE_LINK_REQUEST && messageType !== DEEP_LINKING_REQUEST) throw messageInvalid();
  const deploymentId = claims[CLAIM.deploymentId];
  if (typeof deploymentId !== 'string' || !platform.deploymentIds.includes(deploymentId)) {
    throw new HttpError(400, LTI_MSG.unknownDeployment, ERROR_CODES.ltiUnknownDeployment);
  }
  return { claims, messageType, deploymentId };
}

/** A message the tool signs (the Deep Linking response; AGS client assertions later). */
export async function signToolJwt(key: { kid: string; privateKey: CryptoKey }, claims: JWTPayload, expiresInSeconds = 300) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: LTI_KEY_ALG, kid: key.kid, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(key.privateKey);
}
