import { ERROR_CODES, LTI_MSG, type TLtiRosterSync } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { hasActiveRole, isCoachOf } from '../../auth/policies.js';
import { HttpError, conflict, forbidden, notFound } from '../../errors.js';
import { clearMembershipRoles, findMembership, findOrgGroup, upsertMembership } from '../memberships/index.js';
import { findOrganisation } from '../org/index.js';
import { launchRole } from './lti-claims.js';
import type { TLtiClaims } from './lti-jwt.js';
import { accountOf } from './lti-launch.service.js';
import { findLinkedUser, type TPlatformRow } from './lti.repository.js';
import { linkedMembersOf, rosterContextOf } from './lti-grades.repository.js';
import { LTI_SCOPE, PlatformServiceError, platformFetch, serviceToken } from './lti-service-token.js';

// "Sync roster" (NRPS 2.0, issue 42 item 5): the course's members as the platform lists them are
// added to the class the course maps to (accounts made and roles given as a launch does, seats
// through the same rule), returning members reactivated, and members linked to the platform who
// left the course (absent, or status Inactive) deactivated. Coaches of the class and org admins.

const MEMBERSHIP_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
/** Pages followed at most (rel="next"); a course of 50 pages is far beyond a class. */
export const ROSTER_PAGES_MAX = 50;

type TNrpsMember = {
  user_id?: unknown;
  roles?: unknown;
  status?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  email?: unknown;
};

/** The URL of the Link header's rel="next", if any (RFC 8288). */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const m = /<([^>]+)>\s*;(.*)/.exec(part.trim());
    if (m && /\brel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?/i.test(m[2]!)) return m[1]!;
  }
  return null;
}

/** Every member of the course, following the pages. */
async function readRoster(deps: TDeps, platform: TPlatformRow, url: string): Promise<TNrpsMember[]> {
  const scopes = [LTI_SCOPE.memberships];
  const out: TNrpsMember[] = [];
  let next: string | null = url;
  try {
    const token = await serviceToken(deps, platform, scopes);
    for (let page = 0; next && page < ROSTER_PAGES_MAX; page++) {
      const res = await platformFetch(deps.config, next, {
        method: 'GET',
        headers: { accept: MEMBERSHIP_TYPE, authorization: `Bearer ${token}` },
      });
      if (!res.ok) throw new PlatformServiceError(`memberships answered ${res.status}`, res.status);
      const body = (await res.json().catch(() => null)) as { members?: unknown } | null;
      if (!Array.isArray(body?.members)) throw new PlatformServiceError('memberships answer has no members', res.status);
      out.push(...(body.members as TNrpsMember[]));
      const link = nextLink(res.headers.get('link'));
      next = link ? new URL(link, next).toString() : null;
    }
  } catch (err) {
    if (!(err instanceof PlatformServiceError)) throw err;
    throw new HttpError(502, LTI_MSG.rosterUnavailable, ERROR_CODES.ltiPlatformUnreachable);
  }
  return out;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** POST groups/{groupId}/lti/roster-sync. */
export async function syncRoster(deps: TDeps, auth: TAuth, groupId: string): Promise<TLtiRosterSync> {
  const group = await findOrgGroup(deps.db, auth.orgId, groupId);
  if (!group) throw notFound();
  const own = await findMembership(deps.db, auth.userId, groupId);
  if (!isCoachOf(auth, own)) {
    if (own && own.status === 'active') throw forbidden('Only the class’s coaches can sync its roster');
    throw notFound();
  }
  const linked = await rosterContextOf(deps.db, groupId);
  if (!linked?.context.membershipsUrl) throw conflict(LTI_MSG.notLinked, ERROR_CODES.ltiNotLinked);
  const { platform } = linked;
  const org = await findOrganisation(deps.db, platform.orgId);
  if (!org) throw notFound();
  const roster = await readRoster(deps, platform, linked.context.membershipsUrl);

  const result: TLtiRosterSync = { added: 0, reactivated: 0, deactivated: 0, unchanged: 0, refusedForSeats: [] };
  const present = new Set<string>();
  for (const member of roster) {
    const sub = str(member.user_id);
    const roles = Array.isArray(member.roles) ? member.roles.filter((r): r is string => typeof r === 'string') : [];
    const role = sub ? launchRole(roles, platform.adminRoleGrantsOrgAdmin) : null;
    if (!sub || !role || (str(member.status) ?? 'Active') !== 'Active') continue;
    present.add(sub);
    const before = await findLinkedUser(deps.db, platform.issuer, sub);
    const m = before ? await findMembership(deps.db, before.userId, groupId) : null;
    const coachRole = role === 'coach' || (role === 'admin' && !!before && !before.orgRoles.includes('admin'));
    const active = coachRole ? hasActiveRole(m, 'manager') : hasActiveRole(m, 'speaker') || hasActiveRole(m, 'manager') || role === 'admin';
    if (before && active) {
      result.unchanged++;
      continue;
    }
    const claims = {
      sub,
      nonce: '',
      name: member.name,
      given_name: member.given_name,
      family_name: member.family_name,
      email: member.email,
    } as TLtiClaims;
    try {
      const { userId } = await accountOf(deps, platform, org, claims, role, groupId);
      // A returning coach: the launch leaves an existing membership as it is, a sync gives the role back.
      if (coachRole && m && !hasActiveRole(m, 'manager')) {
        const now = new Date();
        await upsertMembership(deps.db, userId, groupId, {
          roles: ['manager'],
          status: 'active',
          startDate: now,
          expiresAt: null,
          expiredRoles: [],
          updatedAt: now,
        });
      }
      if (m) result.reactivated++;
      else result.added++;
    } catch (err) {
      if (err instanceof HttpError && err.code === ERROR_CODES.seatsLimitReached) {
        result.refusedForSeats.push(
          str(member.name) ?? ([str(member.given_name), str(member.family_name)].filter(Boolean).join(' ') || sub),
        );
      } else if (err instanceof HttpError && (err.code === ERROR_CODES.ltiEmailTaken || err.code === ERROR_CODES.ltiUnknownPlatform)) {
      } else throw err;
    }
  }

  const now = new Date();
  for (const m of await linkedMembersOf(deps.db, groupId, platform.id)) {
    if (present.has(m.subject) || m.userId === auth.userId) continue;
    if (!hasActiveRole(m, 'speaker', now) && !hasActiveRole(m, 'manager', now)) continue;
    await clearMembershipRoles(deps.db, m.userId, groupId, now);
    result.deactivated++;
  }
  return result;
}
