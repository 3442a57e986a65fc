import { eq } from 'drizzle-orm';
import type { TAdminStats } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import type { TAuth } from '../../auth/auth-context.js';
import { isOrgAdmin } from '../../auth/policies.js';
import { organisations } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import { countSeats } from './admin-stats.repository.js';

/** GET admin/stats: the seat statistics of the caller's organisation (org admins only). */
export async function getAdminStats(deps: TDeps, auth: TAuth): Promise<TAdminStats> {
  if (!isOrgAdmin(auth)) throw forbidden();
  const [org] = await deps.db.select().from(organisations).where(eq(organisations.id, auth.orgId));
  if (!org) throw notFound();
  return { ...(await countSeats(deps.db, org.id)), seatLimit: org.settings.seatLimit ?? null };
}
