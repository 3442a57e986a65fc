import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssignment } from '@rostrum/contract';
import { assignments } from '../db/schema.js';
import { makeOrg, signInAs, startTestApp, type TTestApp } from '../test/harness.js';
import { DEMO_PASSWORD, seedDemoIfEmpty } from './demo.js';
import { GLOBAL_TEMPLATES, seedGlobalTemplates } from './global-templates.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('seeded templates', () => {
  it('adds the global templates once, however often it runs', async () => {
    expect(await seedGlobalTemplates(t.db)).toBe(GLOBAL_TEMPLATES.length);
    expect(await seedGlobalTemplates(t.db)).toBe(0);
    const rows = await t.db.select().from(assignments).where(eq(assignments.isGlobal, true));
    expect(rows.map((r) => r.name)).toEqual(['Introduce Yourself']);
    expect(rows[0]).toMatchObject({ orgId: null, isTemplate: true, deletedAt: null });
  });

  it("Summit's coach sees the shared template and the global one; Download Report is on", async () => {
    await seedGlobalTemplates(t.db);
    expect(await seedDemoIfEmpty(t.db)).toBe(true);
    const coach = await signInAs(t, 'coach@summit.example', DEMO_PASSWORD);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/assignments?scope=templates', headers: { authorization: coach } })
    ).json().data as TAssignment[];
    const byName = new Map(list.map((a) => [a.name, a]));
    expect(byName.get('Persuasive Talk')).toMatchObject({ isShared: true, criteria: { minRecordings: true, minRecordingsCount: 2 } });
    expect(byName.get('Introduce Yourself')).toMatchObject({ isGlobal: true, abilities: { canAssign: true, canEdit: false } });
    const group = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/assignments?scope=assigned',
        headers: { authorization: await signInAs(t, 'speaker@summit.example', DEMO_PASSWORD) },
      })
    ).json().data as TAssignment[];
    expect(group.map((a) => a.name).sort()).toEqual(['Client Discovery Call', 'Elevator Pitch']);
    const groupId = group[0]!.groupId!;
    const coachList = (
      await t.app.inject({ method: 'GET', url: `/api/v1/assignments?scope=group&groupId=${groupId}`, headers: { authorization: coach } })
    ).json().data as TAssignment[];
    expect(coachList.every((a) => a.abilities.canDownloadReport)).toBe(true);
    // Another organisation's coach sees the global template but not Summit's.
    const other = await makeOrg(t.db, { settings: { Assignments: true } });
    const theirs = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/assignments?scope=templates',
        headers: { authorization: await signInAs(t, other.coach.email) },
      })
    ).json().data as TAssignment[];
    expect(theirs.map((a) => a.name)).toEqual(['Introduce Yourself']);
  });
});
