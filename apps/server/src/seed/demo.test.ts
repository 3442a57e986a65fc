import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../db/schema.js';
import { startTestApp, type TTestApp } from '../test/harness.js';
import { seedDemoIfEmpty } from './demo.js';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('demo data', () => {
  it("Lee Lapsed's ended membership began before it ended, and both are in the past", async () => {
    expect(await seedDemoIfEmpty(t.db)).toBe(true);
    const [lee] = await t.db.select().from(users).where(eq(users.email, 'lapsed@northwind.example'));
    const rows = await t.db.select().from(memberships).where(eq(memberships.userId, lee!.id));
    expect(rows).toHaveLength(1);
    const { startDate, expiresAt } = rows[0]!;
    const now = Date.now();
    expect(expiresAt!.getTime()).toBeLessThan(now);
    expect(startDate.getTime()).toBeLessThan(expiresAt!.getTime());
  });
});
