import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LtiPlatformStandIn, ROLE } from './lti-platform-stand-in.js';

// The stand-in's course pages (what e2e/tests/lti-journey.spec.ts drives in a browser): launch
// links to the tool's login with a hint the authorisation endpoint answers, and a Deep Linking
// return URL that keeps only content items the tool signed.

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const TOOL = 'https://tool.example/api/v1/lti';
const standIn = new LtiPlatformStandIn();
let toolKey: CryptoKey;
const person = { sub: 'teacher-1', roles: [ROLE.instructor], name: 'Tess Teacher' };

async function toolResponse(key: CryptoKey, over: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT({
    iss: standIn.clientId,
    aud: standIn.issuer,
    nonce: 'n-1',
    [`${LTI}message_type`]: 'LtiDeepLinkingResponse',
    [`${LTI}version`]: '1.3.0',
    [`${LTI}deployment_id`]: standIn.deploymentId,
    'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [
      {
        type: 'ltiResourceLink',
        title: 'Persuasive speech',
        url: `${TOOL}/launch`,
        custom: { rostrum_assignment_id: 'a-1' },
        lineItem: { scoreMaximum: 100, label: 'Persuasive speech', resourceId: 'a-1' },
      },
    ],
    ...over,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'tool-1' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

const post = (path: string, jwt: string) =>
  fetch(`${standIn.issuer}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ JWT: jwt }).toString(),
  });

beforeAll(async () => {
  await standIn.start();
  const pair = await generateKeyPair('RS256');
  toolKey = pair.privateKey;
  const jwks: JSONWebKeySet = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'tool-1', alg: 'RS256' }] };
  standIn.toolJwks = async () => jwks;
  standIn.tool = { loginUrl: `${TOOL}/login`, launchUrl: `${TOOL}/launch` };
  standIn.people.set(person.sub, person);
  standIn.courses.set('c-1', { id: 'c-1', title: 'Speech 101', items: [] });
});
afterAll(() => standIn.close());

describe('the stand-in course pages', () => {
  it('starts a Deep Linking launch at the tool’s login with a hint the authorisation endpoint answers', async () => {
    const page = await (await fetch(`${standIn.issuer}/courses/c-1/editor?as=teacher-1`)).text();
    const href = /href="([^"]+)" target="tool">Add content from Rostrum/.exec(page)?.[1]?.replace(/&amp;/g, '&');
    const login = new URL(href!);
    expect(`${login.origin}${login.pathname}`).toBe(`${TOOL}/login`);
    expect(Object.fromEntries(login.searchParams)).toMatchObject({
      iss: standIn.issuer,
      login_hint: 'teacher-1',
      target_link_uri: `${TOOL}/launch`,
      client_id: standIn.clientId,
      lti_deployment_id: standIn.deploymentId,
    });
    const pending = standIn.pending.get(login.searchParams.get('lti_message_hint')!);
    expect(pending).toMatchObject({
      messageType: 'LtiDeepLinkingRequest',
      deepLinkReturnUrl: `${standIn.issuer}/courses/c-1/deep-link-return`,
    });
    // Someone the platform does not know gets no page.
    expect((await fetch(`${standIn.issuer}/courses/c-1/editor?as=nobody`)).status).toBe(404);
  });

  it('refuses a response the tool did not sign, or for another deployment, and adds nothing', async () => {
    const forged = await toolResponse((await LtiPlatformStandIn.otherKey()).key);
    expect((await post('/courses/c-1/deep-link-return', forged)).status).toBe(400);
    const other = await toolResponse(toolKey, { [`${LTI}deployment_id`]: 'another' });
    expect((await post('/courses/c-1/deep-link-return', other)).status).toBe(400);
    expect(standIn.courses.get('c-1')!.items).toEqual([]);
    expect(standIn.lineItems.get('c-1') ?? []).toEqual([]);
  });

  it('adds a signed resource link with its line item; the course page launches it with its custom claim', async () => {
    const res = await post('/courses/c-1/deep-link-return', await toolResponse(toolKey));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('“Persuasive speech” added to Speech 101.');
    const [item] = standIn.courses.get('c-1')!.items;
    expect(item).toMatchObject({ title: 'Persuasive speech', custom: { rostrum_assignment_id: 'a-1' } });
    expect(standIn.lineItems.get('c-1')).toEqual([
      { id: item!.lineItemId, label: 'Persuasive speech', scoreMaximum: 100, resourceLinkId: item!.resourceLinkId, resourceId: 'a-1' },
    ]);
    const page = await (await fetch(`${standIn.issuer}/courses/c-1?as=teacher-1`)).text();
    const href = /href="([^"]+)" target="tool">Persuasive speech/.exec(page)?.[1]?.replace(/&amp;/g, '&');
    const hint = new URL(href!).searchParams.get('lti_message_hint')!;
    // The launch's id_token names the link, its custom claim and its line item (the AGS claim).
    const token = await standIn.idToken({ ...standIn.pending.get(hint)!, nonce: 'n-2' });
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims[`${LTI}resource_link`]).toMatchObject({ id: item!.resourceLinkId });
    expect(claims[`${LTI}custom`]).toEqual({ rostrum_assignment_id: 'a-1' });
    expect(claims['https://purl.imsglobal.org/spec/lti-ags/claim/endpoint']).toMatchObject({ lineitem: item!.lineItemId });
  });
});
