import { ERROR_CODES, LTI_MSG, type TLtiPlatform, type TLtiPlatformBody } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { isOrgAdmin } from '../../auth/policies.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { currentToolKey, graceStart, rotateToolKey } from './lti-keys.js';
import { toolValues } from './lti-tool-values.js';
import { assertPlatformUrls } from './lti-urls.js';
import {
  deletePlatformRow,
  findOrgPlatform,
  insertPlatform,
  listPlatforms,
  listToolKeys,
  type TPlatformRow,
  type TToolKeyRow,
  updatePlatformRow,
} from './lti.repository.js';

// Registration of learning platforms (issue 42 item 1): the organisation's admins only. A coach
// or speaker is refused (403) before anything is looked up; another organisation's platform is
// not found (404).

function presentPlatform(publicUrl: string, p: TPlatformRow): TLtiPlatform {
  return {
    platformId: p.id,
    name: p.name,
    issuer: p.issuer,
    clientId: p.clientId,
    deploymentIds: p.deploymentIds,
    authorizationUrl: p.authorizationUrl,
    tokenUrl: p.tokenUrl,
    jwksUrl: p.jwksUrl,
    adminRoleGrantsOrgAdmin: p.adminRoleGrantsOrgAdmin,
    gradesAsDrafts: p.gradesAsDrafts,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    tool: toolValues(publicUrl, p.orgId),
  };
}

function assertAdmin(auth: TAuth) {
  if (!isOrgAdmin(auth)) throw forbidden();
}

async function platformOf(deps: TDeps, auth: TAuth, platformId: string): Promise<TPlatformRow> {
  assertAdmin(auth);
  const p = await findOrgPlatform(deps.db, auth.orgId, platformId);
  if (!p) throw notFound();
  return p;
}

async function checkedValues(deps: TDeps, body: TLtiPlatformBody) {
  // The server fetches the JWKS and (for AGS and NRPS) the token endpoint; the browser goes to the others.
  await assertPlatformUrls(deps.config, {
    issuer: { url: body.issuer, fetched: false },
    authorizationUrl: { url: body.authorizationUrl, fetched: false },
    tokenUrl: { url: body.tokenUrl, fetched: true },
    jwksUrl: { url: body.jwksUrl, fetched: true },
  });
  // The issuer is kept exactly as given: the id_token's iss is compared with it character for character.
  return { ...body, deploymentIds: [...new Set(body.deploymentIds)] };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}

export async function getPlatforms(deps: TDeps, auth: TAuth): Promise<TLtiPlatform[]> {
  assertAdmin(auth);
  return (await listPlatforms(deps.db, auth.orgId)).map((p) => presentPlatform(deps.config.publicUrl, p));
}

export async function getPlatform(deps: TDeps, auth: TAuth, platformId: string): Promise<TLtiPlatform> {
  return presentPlatform(deps.config.publicUrl, await platformOf(deps, auth, platformId));
}

export async function createPlatform(deps: TDeps, auth: TAuth, body: TLtiPlatformBody): Promise<TLtiPlatform> {
  assertAdmin(auth);
  const values = await checkedValues(deps, body);
  const row = await insertPlatform(deps.db, { ...values, orgId: auth.orgId });
  if (!row) throw conflict(LTI_MSG.platformTaken, ERROR_CODES.ltiPlatformTaken);
  // The tool's values include its JWKS: the organisation's first key is made with its first platform.
  await currentToolKey(deps.db, deps.mediaSecret, auth.orgId);
  return presentPlatform(deps.config.publicUrl, row);
}

export async function updatePlatform(deps: TDeps, auth: TAuth, platformId: string, body: TLtiPlatformBody): Promise<TLtiPlatform> {
  await platformOf(deps, auth, platformId);
  const values = await checkedValues(deps, body);
  const row = await updatePlatformRow(deps.db, platformId, values).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw conflict(LTI_MSG.platformTaken, ERROR_CODES.ltiPlatformTaken);
    throw err;
  });
  if (!row) throw notFound();
  return presentPlatform(deps.config.publicUrl, row);
}

/** Removes the registration; its courses' classes and their members stay, no longer launched into. */
export async function deletePlatform(deps: TDeps, auth: TAuth, platformId: string): Promise<void> {
  await platformOf(deps, auth, platformId);
  await deletePlatformRow(deps.db, platformId);
}

function presentKeys(rows: TToolKeyRow[], now: Date) {
  const since = graceStart(now);
  return rows.map((k) => ({
    kid: k.kid,
    createdAt: k.createdAt.toISOString(),
    retiredAt: k.retiredAt?.toISOString() ?? null,
    current: k.retiredAt === null,
    published: k.retiredAt === null || k.retiredAt > since,
  }));
}

export async function getToolKeys(deps: TDeps, auth: TAuth) {
  assertAdmin(auth);
  return presentKeys(await listToolKeys(deps.db, auth.orgId), new Date());
}

/** A new current key; the replaced one stays published for the grace period. */
export async function rotateToolKeys(deps: TDeps, auth: TAuth) {
  assertAdmin(auth);
  await rotateToolKey(deps.db, deps.mediaSecret, auth.orgId);
  return presentKeys(await listToolKeys(deps.db, auth.orgId), new Date());
}
