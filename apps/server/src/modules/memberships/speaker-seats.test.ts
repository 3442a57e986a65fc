import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MSG, PSEUDO_GROUP_ID } from '@rostrum/contract';
import { groups, invites, memberships, users } from '../../db/schema.js';
import { addMember, makeOrg, signInAs, signUpBody, startTestApp, type TTestApp } from '../../test/harness.js';
import { speakerSeatUsage } from './memberships.repository.js';

// Every path that grants a speaker seat takes it under the organisation row lock
// (takeSpeakerSeat), so requests racing for the last seats never pass settings.seatLimit.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type TRes = Awaited<ReturnType<TTestApp['app']['inject']>>;
let nextNet = 1;
/** A fresh address per request, so the invite-code limit of one address is never reached. */
const freshAddress = () => `203.0.${Math.floor(nextNet / 250)}.${(nextNet++ % 250) + 1}`;
const inject = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown, authorization?: string) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload: payload as object,
    headers: authorization ? { authorization } : {},
    remoteAddress: freshAddress(),
  });

/**
 * An organisation with `limit` seats, none in use: a group with a free duration and an invite
 * code, and a coaches' group (coaching takes no seat) holding `existing` users to join or grant.
 */
async function fullOrgScene(limit: number, existing: number) {
  const o = await makeOrg(t.db, { settings: { seatLimit: limit }, freeYears: 1 });
  await t.db.delete(memberships).where(eq(memberships.userId, o.speaker.id));
  const [coaches] = await t.db.insert(groups).values({ orgId: o.org.id, name: 'Coaches', inviteCode: null }).returning();
  const people = [];
  for (let i = 0; i < existing; i++) {
    const u = await addMember(t.db, o.org.id, coaches!.id, ['manager']);
    people.push({ user: u, auth: await signInAs(t, u.email) });
  }
  expect(await speakerSeatUsage(t.db, o.org.id, null)).toEqual({ seats: 0, holdsSeat: false });
  return { ...o, people, adminAuth: await signInAs(t, o.admin.email) };
}

async function speakerInvite(orgId: string, groupId: string, createdBy: string) {
  const email = `invitee-${nextNet}-${Math.random().toString(36).slice(2)}@example.test`;
  const [row] = await t.db
    .insert(invites)
    .values({ orgId, email, roles: [{ groupId, roles: ['speaker'] }], createdBy })
    .returning();
  const { inviteCode: _unused, ...body } = signUpBody('unused', { email });
  return { ...body, inviteId: row!.id };
}

function tally(all: { res: TRes; refusal: string }[]) {
  const byStatus: Record<number, number> = {};
  for (const { res, refusal } of all) {
    byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
    if (res.statusCode === 402)
      expect(res.json()).toEqual({ errors: [{ message: refusal, status: 402, code: ERROR_CODES.seatsLimitReached }] });
  }
  return byStatus;
}

describe('speaker seats under concurrency', () => {
  it('3N parallel sign-ups (group code and admin invite), joins and admin grants: exactly N seats, the rest 402', async () => {
    const N = 4;
    const o = await fullOrgScene(N, 6);
    const inviteBodies = await Promise.all([0, 1, 2].map(() => speakerInvite(o.org.id, o.group.id, o.admin.id)));
    const requests: { run: () => Promise<TRes>; refusal: string }[] = [
      ...[0, 1, 2].map(() => ({ run: () => inject('POST', '/auth/sign-up', signUpBody(o.group.inviteCode!)), refusal: MSG.seatLimit })),
      ...inviteBodies.map((body) => ({ run: () => inject('POST', '/auth/sign-up', body), refusal: MSG.seatLimit })),
      ...o.people.slice(0, 3).map((p) => ({
        run: () => inject('POST', '/groups/join', { inviteCode: o.group.inviteCode }, p.auth),
        refusal: MSG.joinSeatLimit,
      })),
      ...o.people.slice(3).map((p) => ({
        run: () =>
          inject(
            'PUT',
            `/users/${p.user.id}`,
            {
              roles: [
                { groupId: PSEUDO_GROUP_ID, roles: [] },
                { groupId: o.group.id, roles: ['speaker'] },
              ],
            },
            o.adminAuth,
          ),
        refusal: MSG.roleSaveSeatText,
      })),
    ];
    expect(requests).toHaveLength(3 * N);
    const results = await Promise.all(requests.map(async (r) => ({ res: await r.run(), refusal: r.refusal })));
    expect(tally(results)).toEqual({ 200: N, 402: 2 * N });
    expect(await speakerSeatUsage(t.db, o.org.id, null)).toEqual({ seats: N, holdsSeat: false });
    const stats = await inject('GET', '/admin/stats', undefined, o.adminAuth);
    expect(stats.json().data).toMatchObject({ activeSpeakerSeats: N, seatLimit: N });
    // A refused sign-up stores no account; a refused invite stays pending.
    const accounts = await t.db.select().from(users).where(eq(users.orgId, o.org.id));
    const signUpsOk = results.slice(0, 6).filter((r) => r.res.statusCode === 200).length;
    expect(accounts).toHaveLength(3 + 6 + signUpsOk);
  });

  it('3N existing users joining in parallel: exactly N join, 2N get the join 402, none 500', async () => {
    const N = 5;
    const o = await fullOrgScene(N, 3 * N);
    const results = await Promise.all(
      o.people.map(async (p) => ({
        res: await inject('POST', '/groups/join', { inviteCode: o.group.inviteCode }, p.auth),
        refusal: MSG.joinSeatLimit,
      })),
    );
    expect(tally(results)).toEqual({ 200: N, 402: 2 * N });
    expect(await speakerSeatUsage(t.db, o.org.id, null)).toEqual({ seats: N, holdsSeat: false });
    const joined = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.groupId, o.group.id), eq(memberships.status, 'active')));
    expect(
      joined
        .filter((m) => m.roles.includes('speaker'))
        .map((m) => m.userId)
        .sort(),
    ).toEqual(results.flatMap((r, i) => (r.res.statusCode === 200 ? [o.people[i]!.user.id] : [])).sort());
  });

  it('3N sign-ups by group code in parallel: exactly N accounts, 2N get the sign-up 402', async () => {
    const N = 4;
    const o = await fullOrgScene(N, 0);
    const results = await Promise.all(
      Array.from({ length: 3 * N }, async () => ({
        res: await inject('POST', '/auth/sign-up', signUpBody(o.group.inviteCode!)),
        refusal: MSG.seatLimit,
      })),
    );
    expect(tally(results)).toEqual({ 200: N, 402: 2 * N });
    expect(await speakerSeatUsage(t.db, o.org.id, null)).toEqual({ seats: N, holdsSeat: false });
  });

  it('a user who already holds a seat may join another group when the seats are all in use', async () => {
    const o = await fullOrgScene(1, 2);
    const [second] = await t.db
      .insert(groups)
      .values({ orgId: o.org.id, name: 'Second', inviteCode: `second-${o.org.code}`, settings: { freeDuration: { years: 1 } } })
      .returning();
    const [holder, other] = o.people;
    expect((await inject('POST', '/groups/join', { inviteCode: o.group.inviteCode }, holder!.auth)).statusCode).toBe(200);
    expect((await inject('POST', '/groups/join', { inviteCode: second!.inviteCode }, other!.auth)).statusCode).toBe(402);
    expect((await inject('POST', '/groups/join', { inviteCode: second!.inviteCode }, holder!.auth)).statusCode).toBe(200);
    expect(await speakerSeatUsage(t.db, o.org.id, holder!.user.id)).toEqual({ seats: 1, holdsSeat: true });
  });
});
