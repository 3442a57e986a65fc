import type { TAdminStats } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { assertOrgAdmin } from '../../auth/policies.js';
import { notFound } from '../../errors.js';
import { findOrganisation } from '../org/index.js';
import { countSeats } from './admin-stats.repository.js';

/** GET admin/stats: the seat statistics of the caller's organisation (org admins only). */
export async function getAdminStats(deps: TDeps, auth: TAuth): Promise<TAdminStats> {
  assertOrgAdmin(auth);
  const org = await findOrganisation(deps.db, auth.orgId);
  if (!org) throw notFound();
  return { ...(await countSeats(deps.db, org.id)), seatLimit: org.settings.seatLimit ?? null };
}
