import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_CODES, MSG } from '@rostrum/contract';
import { memberships, organisations, users } from '../db/schema.js';
import { addMember, insertAssignment, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../test/harness.js';

// The subscription rule on the server (route option `subscription`): a caller without an active
// subscription gets 402 subscription.required on the calls of the pages that need one, and
// still reaches the calls the subscription, record, join and account pages use. The per-id
// operations are all covered by the authorization matrix's subscription column; these are the
// families by hand, the calls without an id, and the callers who pass without a membership.

let t: TTestApp;
let o: Awaited<ReturnType<typeof makeOrg>>;
const auth: Record<'lapsed' | 'active' | 'admin' | 'orgManager', string> = { lapsed: '', active: '', admin: '', orgManager: '' };
let lapsedRecording: string;
let assignmentId: string;

beforeAll(async () => {
  t = await startTestApp();
  o = await makeOrg(t.db, { settings: { Assignments: true } });
  const lapsed = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
  await t.db
    .update(memberships)
    .set({ expiresAt: new Date(Date.now() - 86_400_000) })
    .where(eq(memberships.userId, lapsed.id));
  lapsedRecording = (await insertDoneRecording(t.db, lapsed, o.group.id)).id;
  const manager = await addMember(t.db, o.org.id, o.group.id, ['manager']);
  // An org-level manager whose group membership is gone: the org role alone is a subscription.
  await t.db.delete(memberships).where(eq(memberships.userId, manager.id));
  await t.db
    .update(users)
    .set({ orgRoles: ['manager'] })
    .where(eq(users.id, manager.id));
  assignmentId = (await insertAssignment(t.db, o.coach, o.group.id)).assignment.id;
  const keys = await Promise.all([lapsed, o.speaker, o.admin, manager].map((u) => signInAs(t, u.email)));
  Object.assign(auth, { lapsed: keys[0], active: keys[1], admin: keys[2], orgManager: keys[3] });
});
afterAll(async () => t?.close());

type TCall = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: () => string; body?: () => unknown };
const send = (c: TCall, authorization: string) =>
  t.app.inject({ method: c.method, url: `/api/v1${c.url()}`, headers: { authorization }, payload: c.body?.() as object });

/** One call of each family that serves only pages needing a subscription. */
const GUARDED: Record<string, TCall> = {
  history: { method: 'GET', url: () => '/history' },
  'feedback read': { method: 'GET', url: () => `/feedback?recordingId=${lapsedRecording}` },
  'feedback write': { method: 'POST', url: () => '/feedback', body: () => ({ recordingId: lapsedRecording, comment: 'Hi' }) },
  'assignments list': { method: 'GET', url: () => '/assignments?scope=assigned' },
  'assignment create': { method: 'POST', url: () => '/assignments', body: () => ({ name: 'A' }) },
  'assignment read': { method: 'GET', url: () => `/assignments/${assignmentId}` },
  'assignment members': { method: 'GET', url: () => `/assignments/${assignmentId}/members` },
  comparison: { method: 'GET', url: () => `/assignments/${assignmentId}/comparison` },
  report: { method: 'GET', url: () => `/groups/${o.group.id}/report.csv` },
  'group recordings': { method: 'GET', url: () => `/groups/${o.group.id}/recordings` },
  'group shared recordings': { method: 'GET', url: () => `/groups/${o.group.id}/shared-recordings` },
  'group members': { method: 'GET', url: () => `/groups/${o.group.id}/members` },
  'recordings list': { method: 'GET', url: () => '/recordings' },
  'coach dashboard': { method: 'GET', url: () => `/groups/${o.group.id}/dashboard` },
  'speaker dashboard': { method: 'GET', url: () => '/me/dashboard' },
  'my library': { method: 'GET', url: () => '/me/library' },
};

/** Calls the subscription, record, join and account pages make: never 402 for the subscription. */
const OPEN: Record<string, TCall> = {
  me: { method: 'GET', url: () => '/me' },
  org: { method: 'GET', url: () => '/org' },
  preferences: { method: 'PUT', url: () => '/me/preferences', body: () => ({ mode: 'speaker' }) },
  'email preferences': { method: 'GET', url: () => '/email-preferences' },
  'access reminders': { method: 'PUT', url: () => '/email-preferences/access-reminders', body: () => ({ enabled: false }) },
  groups: { method: 'GET', url: () => '/groups' },
  'client config': { method: 'GET', url: () => '/client-config' },
  'own recording': { method: 'GET', url: () => `/recordings/${lapsedRecording}` },
};

describe('a speaker whose membership expired', () => {
  for (const [name, c] of Object.entries(GUARDED)) {
    it(`gets 402 subscription.required on ${name}`, async () => {
      const res = await send(c, auth.lapsed);
      expect(res.statusCode, res.body).toBe(402);
      expect(res.json()).toEqual({ errors: [{ status: 402, message: MSG.subscriptionRequired, code: ERROR_CODES.subscriptionRequired }] });
    });
  }
  for (const [name, c] of Object.entries(OPEN)) {
    it(`still reaches ${name}`, async () => {
      const res = await send(c, auth.lapsed);
      expect(res.statusCode, res.body).toBe(200);
    });
  }
  it('is told before the body is checked, and an anonymous caller still gets 401 first', async () => {
    const bad = await send({ method: 'POST', url: () => '/feedback', body: () => ({ nonsense: true }) }, auth.lapsed);
    expect(bad.statusCode).toBe(402);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/history' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('callers with an active subscription pass', () => {
  const reads = ['history', 'assignments list', 'recordings list', 'group recordings'] as const;
  for (const who of ['active', 'admin', 'orgManager'] as const) {
    it(`${who === 'orgManager' ? 'an org-level manager without memberships' : who === 'admin' ? 'an org admin without memberships' : 'an active speaker'}`, async () => {
      for (const name of reads) {
        const res = await send(GUARDED[name]!, auth[who]);
        expect(res.statusCode, `${name}: ${res.body}`).not.toBe(402);
        if (name !== 'group recordings' || who !== 'orgManager') expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      }
    });
  }
});

// The key's statement also reads the membership and the organisation's settings (no cache
// across requests): a change shows on the very next call.
describe('what the key brings is read afresh on every request', () => {
  it('a membership that ends turns the next call into 402, and one restored lets it through again', async () => {
    const s = await addMember(t.db, o.org.id, o.group.id, ['speaker']);
    const key = await signInAs(t, s.email);
    expect((await send(GUARDED.history!, key)).statusCode).toBe(200);
    await t.db
      .update(memberships)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberships.userId, s.id));
    expect((await send(GUARDED.history!, key)).statusCode).toBe(402);
    await t.db.update(memberships).set({ expiresAt: null }).where(eq(memberships.userId, s.id));
    expect((await send(GUARDED.history!, key)).statusCode).toBe(200);
  });

  it('the Assignments setting turned off takes effect on the next call', async () => {
    const other = await makeOrg(t.db, { settings: { Assignments: true } });
    const key = await signInAs(t, other.speaker.email);
    expect((await send({ method: 'GET', url: () => '/me/dashboard' }, key)).statusCode).toBe(200);
    await t.db
      .update(organisations)
      .set({ settings: { Assignments: false } })
      .where(eq(organisations.id, other.org.id));
    expect((await send({ method: 'GET', url: () => '/me/dashboard' }, key)).statusCode).toBe(403);
  });
});
