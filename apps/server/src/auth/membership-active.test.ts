import { addDays } from 'date-fns';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, memberships } from '../db/schema.js';
import { addMember, makeOrg, startTestApp, type TTestApp } from '../test/harness.js';
import { isMembershipActiveNow, membershipActiveNowSql } from './membership-active.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const now = new Date();
const CASES = [
  { status: 'active', expiresAt: null, active: true },
  { status: 'active', expiresAt: addDays(now, 1), active: true },
  { status: 'active', expiresAt: addDays(now, -1), active: false },
  { status: 'inactive', expiresAt: null, active: false },
  { status: 'inactive', expiresAt: addDays(now, 1), active: false },
  { status: 'inactive', expiresAt: addDays(now, -1), active: false },
] as const;

describe('a membership is active now', () => {
  it('when its status is active and it has no expiry or one still ahead', () => {
    for (const c of CASES) expect(isMembershipActiveNow(c, now), JSON.stringify(c)).toBe(c.active);
  });

  it('the SQL form gives the same answers as the pure one', async () => {
    const o = await makeOrg(t.db);
    const byUser = new Map<string, boolean>();
    for (const c of CASES) {
      const [g] = await t.db
        .insert(groups)
        .values({ orgId: o.org.id, name: `G ${byUser.size}`, inviteCode: null })
        .returning();
      const u = await addMember(t.db, o.org.id, g!.id, ['speaker']);
      await t.db.update(memberships).set({ status: c.status, expiresAt: c.expiresAt }).where(eq(memberships.userId, u.id));
      byUser.set(u.id, c.active);
    }
    const rows = await t.db.select({ userId: memberships.userId, active: membershipActiveNowSql() }).from(memberships);
    for (const [userId, active] of byUser) expect(rows.find((r) => r.userId === userId)?.active, userId).toBe(active);
  });
});
