import { and, asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { memberships, users } from '../../db/schema.js';
import { membershipHasActiveRoleSql } from '../../auth/membership-active.js';

/** The group's active speakers by last then first name (the peer list of 002 section 2.8). */
export function listActiveSpeakers(db: TDb, groupId: string) {
  return db
    .select({ userId: users.id, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.groupId, groupId), membershipHasActiveRoleSql('speaker')))
    .orderBy(asc(users.lastName), asc(users.firstName));
}
