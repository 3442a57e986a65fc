import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { hasActiveRoleSql } from '../memberships/index.js';

/**
 * The seat counts of 000 section 6: coaches/admins (org admin, org manager or an active manager
 * membership), active speaker seats (an active speaker membership, as the seat limit counts
 * them) and everyone else as expired. One user can be both a coach and a speaker seat.
 */
export async function countSeats(db: TDb, orgId: string) {
  const flags = db
    .select({
      isCoach: sql<boolean>`(cardinality(${users.orgRoles}) > 0 or ${hasActiveRoleSql('manager')})`.as('is_coach'),
      isSpeaker: hasActiveRoleSql('speaker').as('is_speaker'),
    })
    .from(users)
    .where(eq(users.orgId, orgId))
    .as('flags');
  const [row] = await db
    .select({
      totalUsers: sql<number>`count(*)::int`,
      coachesAndAdmins: sql<number>`(count(*) filter (where ${flags.isCoach}))::int`,
      activeSpeakerSeats: sql<number>`(count(*) filter (where ${flags.isSpeaker}))::int`,
      expiredUsers: sql<number>`(count(*) filter (where not ${flags.isCoach} and not ${flags.isSpeaker}))::int`,
    })
    .from(flags);
  return row ?? { totalUsers: 0, coachesAndAdmins: 0, activeSpeakerSeats: 0, expiredUsers: 0 };
}
