import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LTI_SCOPES, ZLtiPlatformSchema, ZLtiToolKeyListSchema } from '@rostrum/contract';
import { ltiToolKeys } from '../../db/schema.js';
import { apiCaller, makeOrg, signInAs, startTestApp, type TTestApp } from '../../test/harness.js';
import { LtiPlatformStandIn } from '../../test/lti-platform-stand-in.js';
import { ROTATION_GRACE_HOURS } from './lti-keys.js';

// Registration of learning platforms by org admins, the tool's values, its JWKS and key rotation.

let t: TTestApp;
const lms = new LtiPlatformStandIn();
beforeAll(async () => {
  await lms.start();
  t = await startTestApp({ config: { urlFetchAllowHosts: ['127.0.0.1'] } });
});
afterAll(async () => {
  await t?.close();
  await lms.close();
});

const api = apiCaller(() => t);

async function scene() {
  const o = await makeOrg(t.db, { type: 'edu' });
  const other = await makeOrg(t.db, { type: 'edu' });
  const auth = {
    admin: await signInAs(t, o.admin.email),
    coach: await signInAs(t, o.coach.email),
    speaker: await signInAs(t, o.speaker.email),
    otherAdmin: await signInAs(t, other.admin.email),
  };
  return { ...o, other, auth };
}

const jwks = async (orgId: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/lti/jwks/${orgId}` });
  if (res.statusCode === 404) return [];
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { keys: { kid: string; kty: string; alg: string; n?: string; d?: string }[] }).keys;
};

describe('LTI platform registration', () => {
  it("lets an org admin register, read, list, change and remove a platform, with the tool's values to paste", async () => {
    const s = await scene();
    const body = lms.registration({ clientId: `c-${s.org.code}`, deploymentIds: ['d-1', 'd-2', 'd-1'] });
    const created = await api('POST', '/lti/platforms', s.auth.admin, body);
    expect(created.statusCode, created.body).toBe(200);
    const p = ZLtiPlatformSchema.parse(created.json().data);
    expect(p).toMatchObject({ issuer: lms.issuer, clientId: body.clientId, deploymentIds: ['d-1', 'd-2'], adminRoleGrantsOrgAdmin: false });
    expect(p.tool).toEqual({
      loginInitiationUrl: 'http://rostrum.test/api/v1/lti/login',
      launchUrl: 'http://rostrum.test/api/v1/lti/launch',
      redirectUris: ['http://rostrum.test/api/v1/lti/launch'],
      deepLinkingUrl: 'http://rostrum.test/api/v1/lti/launch',
      jwksUrl: `http://rostrum.test/api/v1/lti/jwks/${s.org.id}`,
      scopes: [...LTI_SCOPES],
    });

    const read = await api('GET', `/lti/platforms/${p.platformId}`, s.auth.admin);
    expect(read.json().data).toEqual(p);
    const list = await api('GET', '/lti/platforms', s.auth.admin);
    expect(list.json().data.map((x: { platformId: string }) => x.platformId)).toEqual([p.platformId]);

    const changed = await api('PUT', `/lti/platforms/${p.platformId}`, s.auth.admin, {
      ...body,
      name: 'Canvas',
      adminRoleGrantsOrgAdmin: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Canvas', adminRoleGrantsOrgAdmin: true });

    const again = await api('POST', '/lti/platforms', s.auth.admin, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('lti.platform_taken');

    expect((await api('DELETE', `/lti/platforms/${p.platformId}`, s.auth.admin)).statusCode).toBe(200);
    expect((await api('GET', `/lti/platforms/${p.platformId}`, s.auth.admin)).statusCode).toBe(404);
  });

  it('refuses coaches and speakers (403), hides the platform from another organisation (404), and needs a sign-in', async () => {
    const s = await scene();
    const created = await api('POST', '/lti/platforms', s.auth.admin, lms.registration({ clientId: `c2-${s.org.code}` }));
    const id = created.json().data.platformId as string;
    for (const who of [s.auth.coach, s.auth.speaker]) {
      expect((await api('GET', '/lti/platforms', who)).statusCode).toBe(403);
      expect((await api('GET', `/lti/platforms/${id}`, who)).statusCode).toBe(403);
      expect((await api('POST', '/lti/platforms', who, lms.registration({ clientId: 'x' }))).statusCode).toBe(403);
      expect((await api('POST', '/lti/keys/rotate', who)).statusCode).toBe(403);
    }
    for (const [method, payload] of [['GET'], ['PUT', lms.registration({ clientId: 'y' })], ['DELETE']] as const) {
      const res = await api(method, `/lti/platforms/${id}`, s.auth.otherAdmin, payload);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
    }
    expect((await api('GET', '/lti/platforms', s.auth.otherAdmin)).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/lti/platforms' })).statusCode).toBe(401);
    expect((await api('GET', `/lti/platforms/${id}`, s.auth.admin)).statusCode).toBe(200);
  });

  it('refuses bad input with 400: missing fields, no deployment ids, unknown fields, plain http, private addresses', async () => {
    const s = await scene();
    const bad = [
      {},
      lms.registration({ deploymentIds: [] }),
      lms.registration({ clientId: '' }),
      lms.registration({ extra: true }),
      lms.registration({ jwksUrl: 'ftp://example.com/jwks' }),
      lms.registration({ issuer: 'not a url' }),
    ];
    for (const body of bad) {
      const res = await api('POST', '/lti/platforms', s.auth.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].code).toBe('request.invalid');
    }
    const refused = [
      lms.registration({ jwksUrl: 'http://lms.example.com/jwks' }),
      lms.registration({ issuer: 'http://lms.example.com' }),
      lms.registration({ tokenUrl: 'https://10.0.0.5/token' }),
      lms.registration({ jwksUrl: 'https://169.254.169.254/latest/meta-data' }),
      lms.registration({ jwksUrl: 'http://localhost:9/jwks' }),
    ];
    for (const body of refused) {
      const res = await api('POST', '/lti/platforms', s.auth.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].code).toBe('lti.url_not_allowed');
    }
  });
});

describe("the tool's keys", () => {
  it('serves the public JWKS with kids and no private parts, and keeps a rotated key for the grace period only', async () => {
    const s = await scene();
    expect(await jwks(s.org.id)).toEqual([]);
    await api('POST', '/lti/platforms', s.auth.admin, lms.registration({ clientId: `c3-${s.org.code}` }));
    const first = await jwks(s.org.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(first[0]!.d).toBeUndefined();
    const [stored] = await t.db.select().from(ltiToolKeys).where(eq(ltiToolKeys.kid, first[0]!.kid));
    expect(stored!.privateKeySealed).toMatch(/^v1\./);
    expect(stored!.privateKeySealed).not.toContain('PRIVATE KEY');

    const rotated = await api('POST', '/lti/keys/rotate', s.auth.admin);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const keys = ZLtiToolKeyListSchema.parse(rotated.json().data);
    expect(keys.map((k) => [k.current, k.published])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(keys[1]!.kid).toBe(first[0]!.kid);
    expect((await jwks(s.org.id)).map((k) => k.kid)).toEqual([keys[0]!.kid, first[0]!.kid]);

    // Past the grace period the old key drops out of the JWKS.
    const retiredAt = new Date(Date.now() - (ROTATION_GRACE_HOURS * 3600 + 60) * 1000);
    await t.db.update(ltiToolKeys).set({ retiredAt }).where(eq(ltiToolKeys.kid, first[0]!.kid));
    expect((await jwks(s.org.id)).map((k) => k.kid)).toEqual([keys[0]!.kid]);
    const listed = ZLtiToolKeyListSchema.parse((await api('GET', '/lti/keys', s.auth.admin)).json().data);
    expect(listed[1]).toMatchObject({ kid: first[0]!.kid, current: false, published: false });

    // Another organisation's JWKS is its own: without platforms it has none (404).
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/lti/jwks/${s.other.org.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/lti/jwks/not-an-id' })).statusCode).toBe(400);
  });
});
