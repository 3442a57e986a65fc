import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { makeOrg, startTestApp, type TTestApp } from '../test/harness.js';
import { hasCoachRole, hasSpeakerRole, isOrgAdmin, isOrgAdminSql } from './roles.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('the role rules', () => {
  it('a group role list holds the coach or the speaker role', () => {
    expect([hasCoachRole(['manager']), hasCoachRole(['speaker']), hasCoachRole([])]).toEqual([true, false, false]);
    expect([hasSpeakerRole(['speaker']), hasSpeakerRole(['manager']), hasSpeakerRole([])]).toEqual([true, false, false]);
  });

  it('the SQL form of isOrgAdmin gives the same answers as the pure one', async () => {
    const o = await makeOrg(t.db);
    // Admin, org-level manager only, and no org-level role.
    await t.db
      .update(users)
      .set({ orgRoles: ['manager'] })
      .where(eq(users.id, o.coach.id));
    const people = [o.admin, { ...o.coach, orgRoles: ['manager'] }, o.speaker];
    const rows = await t.db
      .select({ id: users.id, admin: isOrgAdminSql() })
      .from(users)
      .where(
        inArray(
          users.id,
          people.map((u) => u.id),
        ),
      );
    for (const u of people) expect(rows.find((r) => r.id === u.id)?.admin, u.email).toBe(isOrgAdmin(u));
    expect(rows.filter((r) => r.admin)).toHaveLength(1);
  });
});
