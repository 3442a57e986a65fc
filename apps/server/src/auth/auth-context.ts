import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES, MSG, parseBearerToken, type TOrgSettings } from '@rostrum/contract';
import type { TDb } from '../db/client.js';
import { apiKeys, memberships, organisations, users } from '../db/schema.js';
import { unauthorized } from '../errors.js';
import { hashSecret } from './keys.js';
import { membershipActiveNowSql } from './membership-active.js';
import { preparedPerDb } from '../db/prepared.js';

/** Who is calling: resolved from the bearer key on every signed-in request. */
export interface TAuth {
  userId: string;
  orgId: string;
  orgCode: string;
  orgRoles: string[];
  keyId: string;
  /**
   * Read with the key, in the same statement, so a request does not read them again: the
   * organisation's name, settings and algorithms, and whether the caller has an active group
   * membership (the subscription rule). Absent on callers built elsewhere; they are read then.
   */
  org?: TCallerOrg;
  hasActiveMembership?: boolean;
}

/** What requests need of the caller's organisation. */
export type TCallerOrg = {
  name: string;
  settings: TOrgSettings;
  algorithmConfig: typeof organisations.$inferSelect.algorithmConfig;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: TAuth | null;
  }
}

/**
 * The key lookup, the one statement of every signed-in request: built and prepared once per
 * database, so neither the query builder nor PostgreSQL's planner redo it per request.
 */
const keyLookupOf = preparedPerDb((db) =>
  db
    .select({
      keyId: apiKeys.id,
      userId: users.id,
      orgId: organisations.id,
      orgCode: organisations.code,
      orgRoles: users.orgRoles,
      org: { name: organisations.name, settings: organisations.settings, algorithmConfig: organisations.algorithmConfig },
      hasActiveMembership: sql<boolean>`exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id} and ${membershipActiveNowSql()})`,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(
      and(
        eq(apiKeys.keyHash, sql.placeholder('keyHash')),
        eq(apiKeys.kind, 'session'),
        isNull(apiKeys.revokedAt),
        gt(apiKeys.expiresAt, sql.placeholder('now')),
        eq(organisations.code, sql.placeholder('orgCode')),
      ),
    )
    .limit(1)
    .prepare('auth_key_lookup'),
);

/** Resolves `Authorization: Bearer {orgCode}-{apiKey}`; 401 when absent, unknown, tampered or expired. */
export async function authenticate(db: TDb, req: FastifyRequest): Promise<TAuth> {
  return authenticateHeader(db, req.headers.authorization);
}

/** The same, from a raw header value (tus upload hooks see web Requests, not Fastify ones). */
export async function authenticateHeader(db: TDb, header: string | null | undefined): Promise<TAuth> {
  if (!header?.startsWith('Bearer ')) throw unauthorized(MSG.notSignedIn);
  const parsed = parseBearerToken(header.slice(7).trim());
  if (!parsed) throw unauthorized(MSG.keyExpired, ERROR_CODES.authKeyExpired);
  const [row] = await keyLookupOf(db).execute({ keyHash: hashSecret(parsed.apiKey), orgCode: parsed.orgCode, now: new Date() });
  if (!row) throw unauthorized(MSG.keyExpired, ERROR_CODES.authKeyExpired);
  return row;
}

/** The caller, for handlers behind requireAuth. */
export function authOf(req: FastifyRequest): TAuth {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
