import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MSG, SHARE_MSG, type TOrgSettings } from '@rostrum/contract';
import { organisations, users } from '../../db/schema.js';
import { addMember, insertDoneRecording, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { fullResults } from '../../test/results-fixtures.js';

// The admin area's Organisation settings (GET and PATCH admin/org-settings): org admins only,
// always their own organisation; only Public_Share_Links can be changed, merged into the stored
// settings without losing the other keys; bad input is a 400 in the error shape. Turning share
// links off ends the existing links for visitors while their owners still list and revoke them.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type TMethod = 'GET' | 'PATCH' | 'POST' | 'DELETE';
const call = (method: TMethod, url: string, authorization?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(authorization ? { authorization } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const read = (authorization?: string) => call('GET', '/admin/org-settings', authorization);
const patch = (authorization: string | undefined, body: unknown) => call('PATCH', '/admin/org-settings', authorization, body);
const settingsOf = async (orgId: string) => (await t.db.select().from(organisations).where(eq(organisations.id, orgId)))[0]!.settings;

/** Operator switches, a seat limit, a free duration, coupon-only and EU invites: all must survive a PATCH. */
const STORED: TOrgSettings = {
  Assignments: true,
  Video: false,
  Zoom_Integration: true,
  Custom_Wordspotting_For_Users: true,
  seatLimit: 12,
  freeDuration: { years: 2 },
  couponOnly: true,
  euUsers: true,
};

async function orgWithRoles(settings: TOrgSettings = STORED) {
  const o = await makeOrg(t.db, { settings });
  // An org-level manager ("Can add new groups") who also coaches the group.
  const orgManager = await addMember(t.db, o.org.id, o.group.id, ['manager']);
  await t.db
    .update(users)
    .set({ orgRoles: ['manager'] })
    .where(eq(users.id, orgManager.id));
  const [admin, coach, speaker, manager] = await Promise.all([o.admin, o.coach, o.speaker, orgManager].map((u) => signInAs(t, u.email)));
  return { ...o, key: { admin: admin!, coach: coach!, speaker: speaker!, orgManager: manager! } };
}

describe('GET admin/org-settings', () => {
  it("answers the org admin with their switch (off by default) and the operator's switches that are on, in order", async () => {
    const o = await orgWithRoles();
    const res = await read(o.key.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      settings: { Public_Share_Links: false },
      operatorFeatures: ['Assignments', 'Zoom_Integration', 'Custom_Wordspotting_For_Users'],
      timeZone: 'UTC',
      recordingRetention: 'off',
    });
    const plain = await makeOrg(t.db, { settings: { Public_Share_Links: true } });
    const other = await read(await signInAs(t, plain.admin.email));
    expect(other.json().data).toEqual({
      settings: { Public_Share_Links: true },
      operatorFeatures: [],
      timeZone: 'UTC',
      recordingRetention: 'off',
    });
  });

  it('refuses coaches, org-level managers and speakers (403) and anonymous callers (401), in the error shape', async () => {
    const o = await orgWithRoles();
    for (const who of ['coach', 'orgManager', 'speaker'] as const) {
      const res = await read(o.key[who]);
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toEqual({ errors: [{ message: MSG.forbidden, status: 403, code: ERROR_CODES.permissionDenied }] });
    }
    const anonymous = await read();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errors[0]).toMatchObject({ status: 401 });
  });
});

describe('PATCH admin/org-settings', () => {
  it('the org admin turns public share links on and off; every other stored key is kept', async () => {
    const o = await orgWithRoles();
    const on = await patch(o.key.admin, { Public_Share_Links: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toEqual({
      settings: { Public_Share_Links: true },
      operatorFeatures: ['Assignments', 'Zoom_Integration', 'Custom_Wordspotting_For_Users'],
      timeZone: 'UTC',
      recordingRetention: 'off',
    });
    expect(await settingsOf(o.org.id)).toEqual({ ...STORED, Public_Share_Links: true });
    // Everyone in the organisation reads the new value (GET org), and the admin page too.
    expect((await call('GET', '/org', o.key.speaker)).json().data.settings.Public_Share_Links).toBe(true);
    expect((await read(o.key.admin)).json().data.settings.Public_Share_Links).toBe(true);

    const off = await patch(o.key.admin, { Public_Share_Links: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.settings).toEqual({ Public_Share_Links: false });
    expect(await settingsOf(o.org.id)).toEqual({ ...STORED, Public_Share_Links: false });
    // The same value again changes nothing and still answers 200.
    expect((await patch(o.key.admin, { Public_Share_Links: false })).statusCode).toBe(200);
    expect(await settingsOf(o.org.id)).toEqual({ ...STORED, Public_Share_Links: false });
  });

  it('merges in one statement: a change of another key made at the same time is not lost', async () => {
    const o = await orgWithRoles({ Assignments: true });
    for (let i = 0; i < 5; i++) {
      const on = i % 2 === 0;
      const [a, b] = await Promise.all([
        patch(o.key.admin, { Public_Share_Links: on }),
        call('PATCH', '/admin/billing-settings', o.key.admin, { couponOnly: !on }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(await settingsOf(o.org.id)).toEqual({ Assignments: true, Public_Share_Links: on, couponOnly: !on });
    }
  });

  it('refuses coaches, org-level managers and speakers (403) and anonymous callers (401); nothing changes', async () => {
    const o = await orgWithRoles();
    for (const who of ['coach', 'orgManager', 'speaker'] as const) {
      const res = await patch(o.key[who], { Public_Share_Links: true });
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toEqual({ errors: [{ message: MSG.forbidden, status: 403, code: ERROR_CODES.permissionDenied }] });
    }
    // Authentication comes first: an anonymous caller learns nothing about the body.
    for (const body of [{ Public_Share_Links: true }, { Public_Share_Links: 'yes' }]) {
      const res = await patch(undefined, body);
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0]).toMatchObject({ status: 401 });
    }
    expect(await settingsOf(o.org.id)).toEqual(STORED);
  });

  it("changes only the caller's own organisation: another organisation's admin cannot reach this one", async () => {
    const o = await orgWithRoles();
    const other = await orgWithRoles({ Video: true });
    // The organisation comes from the session: an id in the body is refused, one in the query ignored.
    const named = await patch(other.key.admin, { orgId: o.org.id, Public_Share_Links: true });
    expect(named.statusCode).toBe(400);
    const viaQuery = await call('PATCH', `/admin/org-settings?orgId=${o.org.id}`, other.key.admin, { Public_Share_Links: true });
    expect(viaQuery.statusCode, viaQuery.body).toBe(200);
    expect(viaQuery.json().data).toEqual({
      settings: { Public_Share_Links: true },
      operatorFeatures: ['Video'],
      timeZone: 'UTC',
      recordingRetention: 'off',
    });
    expect(await settingsOf(other.org.id)).toEqual({ Video: true, Public_Share_Links: true });
    expect(await settingsOf(o.org.id)).toEqual(STORED);
    expect((await read(o.key.admin)).json().data.settings.Public_Share_Links).toBe(false);
  });

  it('answers 400 in the error shape for unknown keys, operator switches and values that are not booleans; nothing changes', async () => {
    const o = await orgWithRoles({ ...STORED, Public_Share_Links: true });
    const bodies: unknown[] = [
      {},
      { Public_Share_Links: 'false' },
      { Public_Share_Links: 0 },
      { Public_Share_Links: null },
      { Public_Share_Links: { on: false } },
      { Assignments: false },
      { Public_Share_Links: false, seatLimit: 500 },
      { Public_Share_Links: false, couponOnly: false },
      { public_share_links: false },
      [{ Public_Share_Links: false }],
      'Public_Share_Links=false',
      false,
    ];
    for (const body of bodies) {
      // Sent as JSON text, so an array or a string arrives as such.
      const res = await call('PATCH', '/admin/org-settings', o.key.admin, JSON.stringify(body), { 'content-type': 'application/json' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const { errors } = res.json();
      expect(errors.length, JSON.stringify(body)).toBeGreaterThan(0);
      for (const e of errors) expect(e).toMatchObject({ message: expect.any(String), status: 400, code: ERROR_CODES.requestInvalid });
    }
    const unknown = await patch(o.key.admin, { Assignments: false });
    expect(unknown.json().errors[0].message).toContain('Assignments');
    // No body at all, and a body that is not JSON.
    expect((await call('PATCH', '/admin/org-settings', o.key.admin)).statusCode).toBe(400);
    const broken = await call('PATCH', '/admin/org-settings', o.key.admin, '{"Public_Share_Links":', {
      'content-type': 'application/json',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors[0]).toMatchObject({ status: 400 });
    const text = await call('PATCH', '/admin/org-settings', o.key.admin, 'Public_Share_Links=false', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors[0]).toMatchObject({ status: 400, code: ERROR_CODES.requestInvalid });
    expect(await settingsOf(o.org.id)).toEqual({ ...STORED, Public_Share_Links: true });
  });
});

describe('turning public share links off and on', () => {
  it('revokes every existing link at once and for good; owners still list them; on again brings none back', async () => {
    const o = await orgWithRoles({});
    const rec = await insertDoneRecording(t.db, o.speaker, o.group.id, { results: fullResults() });
    const links = `/recordings/${rec.id}/share-links`;
    const abilities = async () => (await call('GET', `/recordings/${rec.id}`, o.key.speaker)).json().data.abilities.canShareLink;

    // Off by default: no link can be made.
    expect(await abilities()).toBe(false);
    expect((await call('POST', links, o.key.speaker, { expiresInDays: 7 })).json().errors[0].code).toBe(ERROR_CODES.shareLinksDisabled);

    expect((await patch(o.key.admin, { Public_Share_Links: true })).statusCode).toBe(200);
    expect(await abilities()).toBe(true);
    const made = await Promise.all([1, 2].map(() => call('POST', links, o.key.speaker, { expiresInDays: 7 })));
    const [kept, revoked] = made.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as { token: string; shareLinkId: string };
    });
    for (const l of [kept!, revoked!]) expect((await call('GET', `/shared/${l.token}`)).statusCode).toBe(200);

    expect((await patch(o.key.admin, { Public_Share_Links: false })).statusCode).toBe(200);
    for (const l of [kept!, revoked!]) {
      const gone = await call('GET', `/shared/${l.token}`);
      expect(gone.statusCode).toBe(410);
      expect(gone.json().errors[0]).toMatchObject({ message: SHARE_MSG.gone, code: ERROR_CODES.shareLinkGone });
    }
    expect(await abilities()).toBe(false);
    const refused = await call('POST', links, o.key.speaker, { expiresInDays: 7 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toMatchObject({ code: ERROR_CODES.shareLinksDisabled, message: SHARE_MSG.disabled });
    // The owner still sees their links, revoked; revoking one again changes nothing.
    const listed = await call('GET', links, o.key.speaker);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((l: { status: string }) => l.status)).toEqual(['revoked', 'revoked']);
    expect((await call('DELETE', `${links}/${revoked!.shareLinkId}`, o.key.speaker)).statusCode).toBe(200);

    expect((await patch(o.key.admin, { Public_Share_Links: true })).statusCode).toBe(200);
    expect((await call('GET', `/shared/${kept!.token}`)).statusCode).toBe(410);
    expect((await call('GET', `/shared/${revoked!.token}`)).statusCode).toBe(410);
  });
});
