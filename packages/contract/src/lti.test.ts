import { describe, expect, it } from 'vitest';
import { rosterSyncText, ZLtiLoginSchema, ZLtiPlatformBodySchema } from './lti.js';

const body = {
  name: 'Canvas',
  issuer: 'https://canvas.instructure.com',
  clientId: '10000000000001',
  deploymentIds: ['1:abc'],
  authorizationUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  tokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
  jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
};

describe('ZLtiPlatformBodySchema', () => {
  it('takes a registration, trimming names, with the org-admin mapping and draft grades off by default', () => {
    expect(ZLtiPlatformBodySchema.parse({ ...body, name: '  Canvas ' })).toEqual({
      ...body,
      adminRoleGrantsOrgAdmin: false,
      gradesAsDrafts: false,
    });
    expect(ZLtiPlatformBodySchema.parse({ ...body, gradesAsDrafts: true }).gradesAsDrafts).toBe(true);
    expect(ZLtiPlatformBodySchema.safeParse({ ...body, gradesAsDrafts: 'yes' }).success).toBe(false);
  });

  it('refuses unknown fields, no deployment ids, other schemes and over-long values', () => {
    for (const bad of [
      { ...body, secret: 'x' },
      { ...body, deploymentIds: [] },
      { ...body, jwksUrl: 'javascript:alert(1)' },
      { ...body, issuer: 'ftp://lms.example.com' },
      { ...body, clientId: 'x'.repeat(256) },
      { ...body, deploymentIds: Array.from({ length: 51 }, (_, i) => `d${i}`) },
    ]) {
      expect(ZLtiPlatformBodySchema.safeParse(bad).success, JSON.stringify(bad).slice(0, 80)).toBe(false);
    }
  });
});

describe('ZLtiLoginSchema', () => {
  it('needs iss, login_hint and an http(s) target_link_uri; the hints and ids are optional', () => {
    expect(ZLtiLoginSchema.safeParse({ iss: 'https://lms', login_hint: 'u1', target_link_uri: 'https://tool/launch' }).success).toBe(true);
    expect(ZLtiLoginSchema.safeParse({ iss: 'https://lms', login_hint: 'u1' }).success).toBe(false);
    expect(ZLtiLoginSchema.safeParse({ iss: 'https://lms', login_hint: 'u1', target_link_uri: 'data:text/html,x' }).success).toBe(false);
  });
});

describe('rosterSyncText', () => {
  const none = { added: 0, reactivated: 0, deactivated: 0, unchanged: 0, refusedForSeats: [] };
  it('names what changed, and the students refused for seats', () => {
    expect(rosterSyncText(none)).toBe('Roster synced: no changes.');
    expect(rosterSyncText({ ...none, added: 3, deactivated: 1, unchanged: 9 })).toBe('Roster synced: 3 added, 1 deactivated.');
    expect(rosterSyncText({ ...none, reactivated: 2, refusedForSeats: ['Ann Lee', 'Bo Ng'] })).toBe(
      'Roster synced: 2 reactivated. No free seats for 2 students: Ann Lee, Bo Ng.',
    );
  });
});
