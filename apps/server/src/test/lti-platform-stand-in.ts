import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';
import { coursePage, courseEditorPage, deepLinkReturnPage, notFoundPage, type TCourseItem } from './lti-platform-stand-in-pages.js';

// A learning platform standing in for Canvas or Moodle, built from the 1EdTech LTI 1.3 message
// formats (LTI Core 1.3, Deep Linking 2.0, the Security Framework's client-credentials grant):
// its own RS256 keys and a JWKS on 127.0.0.1, id_tokens for resource-link and deep-linking
// launches with any claim overridden, an OIDC authorisation endpoint that answers with a form
// post of such a token, and a token endpoint that checks the tool's JWT assertion against the
// tool's JWKS (for AGS and NRPS, issue 42 items 4 and 5).

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const ROLE = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  administrator: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator',
  mentor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor',
} as const;

export type TLaunchUser = { sub: string; roles: string[]; email?: string; given_name?: string; family_name?: string; name?: string };
export type TCourse = { id: string; title?: string; label?: string };

export interface TIdTokenOptions {
  messageType?: 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest' | string;
  nonce: string;
  user: TLaunchUser;
  course?: TCourse;
  resourceLink?: { id: string; title?: string };
  custom?: Record<string, string>;
  /** deep_linking_settings for a deep-linking launch. */
  deepLinkReturnUrl?: string;
  deepLinkData?: string;
  /** Claims set or replaced last (null removes one): aud, azp, exp, iat, iss, version, deployment... */
  override?: Record<string, unknown>;
  /** Sign with this key instead of the platform's (a forged token). */
  signWith?: { kid: string; key: CryptoKey };
}

export type TLineItem = { id: string; label: string; scoreMaximum: number; resourceLinkId?: string; resourceId?: string };
export type TScore = {
  userId: string;
  scoreGiven?: number;
  scoreMaximum?: number;
  activityProgress: string;
  gradingProgress: string;
  timestamp: string;
  comment?: string;
};
export type TNrpsMember = {
  user_id: string;
  roles: string[];
  status?: 'Active' | 'Inactive' | 'Deleted';
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
};

const AGS_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/';
const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';

export class LtiPlatformStandIn {
  readonly clientId = `client-${randomBytes(4).toString('hex')}`;
  readonly deploymentId = `deployment-${randomBytes(4).toString('hex')}`;
  readonly kid = `platform-${randomBytes(4).toString('hex')}`;
  issuer = '';
  private server: Server | null = null;
  private privateKey!: CryptoKey;
  private jwks!: JSONWebKeySet;
  /** Where the tool's JWKS comes from (a function, so tests can read it through the app). */
  toolJwks: (() => Promise<JSONWebKeySet>) | null = null;
  /** Launches the authorisation endpoint answers, by lti_message_hint. */
  readonly pending = new Map<string, Omit<TIdTokenOptions, 'nonce'>>();
  /** The tokens the token endpoint gave out, with the scopes granted. */
  readonly tokens = new Map<string, string[]>();
  /** Deep Linking responses the platform received (their verified claims). */
  readonly deepLinkResponses: JWTPayload[] = [];
  /** AGS: the line items of each course, by course id (created by the tool or set by a test). */
  readonly lineItems = new Map<string, TLineItem[]>();
  /** AGS: the scores received, with the line item they were posted to. */
  readonly scores: (TScore & { lineItemId: string })[] = [];
  /** AGS: answer score posts with this status instead (a failing gradebook); null: accept them. */
  failScoresWith: number | null = null;
  /** NRPS: the roster of each course, by course id. */
  readonly rosters = new Map<string, TNrpsMember[]>();
  /** NRPS: members per page (a Link rel="next" leads to the next page). */
  rosterPageSize = 100;
  /** Requests the services answered, for assertions ("GET /courses/c/memberships?page=2"). */
  readonly serviceRequests: string[] = [];
  /** Serve /stand-in/… for a test driving the stand-in as a process (lti-platform-stand-in-server.ts). */
  controlApi = false;
  /** The tool as the platform's admin configured it (its login initiation and launch URLs), for the course pages. */
  tool: { loginUrl: string; launchUrl: string } | null = null;
  /** The people of the course pages, by sub (a browser test's stand-in for the platform's own sign-in). */
  readonly people = new Map<string, TLaunchUser>();
  /** The courses of the course pages, with the content items Deep Linking added. */
  readonly courses = new Map<string, TCourse & { items: TCourseItem[] }>();

  get jwksUrl() {
    return `${this.issuer}/jwks`;
  }
  get authorizationUrl() {
    return `${this.issuer}/auth`;
  }
  get tokenUrl() {
    return `${this.issuer}/token`;
  }
  get deepLinkReturnUrl() {
    return `${this.issuer}/deep-link-return`;
  }

  /** The registration body an org admin would send for this platform. */
  registration(over: Record<string, unknown> = {}) {
    return {
      name: 'Stand-in LMS',
      issuer: this.issuer,
      clientId: this.clientId,
      deploymentIds: [this.deploymentId],
      authorizationUrl: this.authorizationUrl,
      tokenUrl: this.tokenUrl,
      jwksUrl: this.jwksUrl,
      ...over,
    };
  }

  async start(port = 0): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    this.privateKey = privateKey;
    this.jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: this.kid, alg: 'RS256', use: 'sig' }] };
    this.server = createServer((req, res) => void this.handle(req, res).catch(() => send(res, 500, { error: 'server_error' })));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.issuer;
  }

  /** Lets the process exit with the stand-in still listening (a fixture started lazily, never closed). */
  unref(): void {
    this.server?.unref();
  }

  async close(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  /** A key pair the platform does not publish, for forged tokens. */
  static async otherKey(kid = 'forger'): Promise<{ kid: string; key: CryptoKey }> {
    return { kid, key: (await generateKeyPair('RS256')).privateKey };
  }

  /** An id_token as the platform sends it to the tool's launch address. */
  async idToken(o: TIdTokenOptions): Promise<string> {
    const messageType = o.messageType ?? 'LtiResourceLinkRequest';
    const now = Math.floor(Date.now() / 1000);
    const course = o.course ?? { id: 'course-1', title: 'Public Speaking 101', label: 'PS101' };
    const claims: Record<string, unknown> = {
      iss: this.issuer,
      aud: this.clientId,
      sub: o.user.sub,
      iat: now,
      exp: now + 300,
      nonce: o.nonce,
      ...(o.user.email ? { email: o.user.email } : {}),
      ...(o.user.given_name ? { given_name: o.user.given_name } : {}),
      ...(o.user.family_name ? { family_name: o.user.family_name } : {}),
      ...(o.user.name ? { name: o.user.name } : {}),
      [`${LTI}message_type`]: messageType,
      [`${LTI}version`]: '1.3.0',
      [`${LTI}deployment_id`]: this.deploymentId,
      [`${LTI}target_link_uri`]: 'http://rostrum.test/api/v1/lti/launch',
      [`${LTI}roles`]: o.user.roles,
      [`${LTI}context`]: { ...course, type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'] },
      [`${LTI}launch_presentation`]: { document_target: 'iframe', return_url: `${this.issuer}/courses/${course.id}` },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: [
          'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
          'https://purl.imsglobal.org/spec/lti-ags/scope/score',
          'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
        ],
        lineitems: `${this.issuer}/courses/${course.id}/lineitems`,
        ...(o.resourceLink ? { lineitem: `${this.issuer}/courses/${course.id}/lineitems/${o.resourceLink.id}` } : {}),
      },
      'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
        context_memberships_url: `${this.issuer}/courses/${course.id}/memberships`,
        service_versions: ['2.0'],
      },
    };
    if (messageType === 'LtiDeepLinkingRequest') {
      claims['https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings'] = {
        deep_link_return_url: o.deepLinkReturnUrl ?? this.deepLinkReturnUrl,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['iframe', 'window'],
        accept_multiple: false,
        ...(o.deepLinkData ? { data: o.deepLinkData } : {}),
      };
    } else {
      claims[`${LTI}resource_link`] = o.resourceLink ?? { id: 'link-1', title: 'Persuasive speech' };
      if (o.custom) claims[`${LTI}custom`] = o.custom;
    }
    for (const [k, v] of Object.entries(o.override ?? {})) {
      if (v === null) delete claims[k];
      else claims[k] = v;
    }
    const signer = o.signWith ?? { kid: this.kid, key: this.privateKey };
    return new SignJWT(claims as JWTPayload).setProtectedHeader({ alg: 'RS256', kid: signer.kid, typ: 'JWT' }).sign(signer.key);
  }

  /** Verifies a message the tool signed (a Deep Linking response, a client assertion) against the tool's JWKS. */
  async verifyToolJwt(jwt: string, audience: string): Promise<JWTPayload> {
    if (!this.toolJwks) throw new Error('toolJwks is not set');
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(await this.toolJwks()), { audience, algorithms: ['RS256'] });
    return payload;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.issuer);
    if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true });
    // What an org admin registers for this platform (its ids are made when it starts), for a browser test.
    if (req.method === 'GET' && url.pathname === '/registration') return send(res, 200, this.registration());
    if (req.method === 'GET' && url.pathname === '/jwks') return send(res, 200, this.jwks);
    if (req.method === 'GET' && url.pathname === '/auth') return this.authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/token') return this.token(new URLSearchParams(await body(req)), res);
    if (req.method === 'POST' && url.pathname === '/deep-link-return') {
      const jwt = new URLSearchParams(await body(req)).get('JWT') ?? '';
      try {
        this.deepLinkResponses.push(await this.verifyToolJwt(jwt, this.issuer));
        return html(res, 200, '<p>Content added to the course.</p>');
      } catch {
        return html(res, 400, '<p>The tool’s response could not be verified.</p>');
      }
    }
    if (this.controlApi && url.pathname.startsWith('/stand-in/')) return this.control(req, res, url.pathname);
    const coursePath = /^\/courses\/([^/]+)(?:\/(editor|deep-link-return))?$/.exec(url.pathname);
    if (coursePath) return this.coursePages(req, res, url, coursePath[1]!, coursePath[2]);
    const course = /^\/courses\/([^/]+)\/(lineitems|memberships)(?:\/([^/]+)(\/scores)?)?$/.exec(url.pathname);
    if (course) {
      this.serviceRequests.push(`${req.method} ${url.pathname}${url.search}`);
      return this.service(req, res, url, course[1]!, course[2]!, course[3], !!course[4]);
    }
    return send(res, 404, { error: 'not_found' });
  }

  /**
   * What a browser test sets and reads: POST /stand-in/launches { hint, ...launch } (the launch the
   * authorisation endpoint answers for lti_message_hint = hint), PUT /stand-in/rosters/{courseId}
   * (members), PUT /stand-in/line-items/{courseId} (line items), GET /stand-in/scores; for the
   * course pages: PUT /stand-in/tool { loginUrl, launchUrl, jwksUrl } (the tool's values),
   * POST /stand-in/people (a person), PUT /stand-in/courses/{courseId} { title, label } (a course)
   * and GET /stand-in/courses/{courseId} (its content items and line items).
   */
  private async control(req: IncomingMessage, res: ServerResponse, pathname: string) {
    if (req.method === 'GET' && pathname === '/stand-in/scores') return send(res, 200, this.scores);
    const courseId = /^\/stand-in\/courses\/([^/]+)$/.exec(pathname)?.[1];
    if (req.method === 'GET' && courseId) {
      const course = this.courses.get(courseId);
      return course ? send(res, 200, { ...course, lineItems: this.lineItems.get(courseId) ?? [] }) : send(res, 404, { error: 'not_found' });
    }
    const json = req.method === 'GET' ? null : (JSON.parse((await body(req)) || 'null') as unknown);
    // The tool's values as an admin pastes them into the platform (PUT /stand-in/tool).
    if (req.method === 'PUT' && pathname === '/stand-in/tool') {
      const t = json as { loginUrl: string; launchUrl: string; jwksUrl: string };
      this.tool = { loginUrl: t.loginUrl, launchUrl: t.launchUrl };
      this.toolJwks = async () => (await fetch(t.jwksUrl)).json() as Promise<JSONWebKeySet>;
      return send(res, 200, { ok: true });
    }
    if (req.method === 'POST' && pathname === '/stand-in/people') {
      const person = json as TLaunchUser;
      this.people.set(person.sub, person);
      return send(res, 200, { sub: person.sub });
    }
    if (req.method === 'PUT' && courseId) {
      const c = json as Omit<TCourse, 'id'>;
      this.courses.set(courseId, { ...c, id: courseId, items: this.courses.get(courseId)?.items ?? [] });
      return send(res, 200, { ok: true });
    }
    if (req.method === 'POST' && pathname === '/stand-in/launches') {
      const { hint, ...launch } = json as { hint: string } & Omit<TIdTokenOptions, 'nonce'>;
      this.pending.set(hint, launch);
      return send(res, 200, { hint });
    }
    const put = /^\/stand-in\/(rosters|line-items)\/([^/]+)$/.exec(pathname);
    if (req.method === 'PUT' && put && Array.isArray(json)) {
      if (put[1] === 'rosters') this.rosters.set(put[2]!, json as TNrpsMember[]);
      else this.lineItems.set(put[2]!, json as TLineItem[]);
      return send(res, 200, { ok: true });
    }
    return send(res, 404, { error: 'not_found' });
  }

  /**
   * The course page (GET /courses/{id}?as={sub}), its editor (GET /courses/{id}/editor?as={sub})
   * and the Deep Linking return URL (POST /courses/{id}/deep-link-return): the person is named by
   * `as` (the platform's own sign-in is out of scope), each launch link carries a fresh hint.
   */
  private async coursePages(req: IncomingMessage, res: ServerResponse, url: URL, courseId: string, sub?: string) {
    const course = this.courses.get(courseId);
    if (!course) return html(res, 404, notFoundPage(`No course ${courseId}.`));
    const { items, ...context } = course;
    const courseTitle = course.title ?? course.id;
    if (req.method === 'POST' && sub === 'deep-link-return') {
      try {
        const claims = await this.verifyToolJwt(new URLSearchParams(await body(req)).get('JWT') ?? '', this.issuer);
        if (claims[`${LTI}message_type`] !== 'LtiDeepLinkingResponse' || claims[`${LTI}deployment_id`] !== this.deploymentId) {
          throw new Error('message');
        }
        this.deepLinkResponses.push(claims);
        const added = this.addContentItems(courseId, claims['https://purl.imsglobal.org/spec/lti-dl/claim/content_items']);
        return html(res, 200, deepLinkReturnPage({ courseTitle, added }));
      } catch {
        return html(res, 400, deepLinkReturnPage({ error: 'The tool’s response could not be verified.' }));
      }
    }
    if (req.method !== 'GET') return send(res, 405, { error: 'method_not_allowed' });
    const person = this.people.get(url.searchParams.get('as') ?? '');
    if (!person) return html(res, 404, notFoundPage('Sign in first: no such person.'));
    if (!this.tool) return html(res, 409, notFoundPage('No tool is configured.'));
    const personName = person.name ?? person.sub;
    if (sub === 'editor') {
      const launchUrl = this.loginLink(person, this.tool.launchUrl, {
        messageType: 'LtiDeepLinkingRequest',
        user: person,
        course: context,
        deepLinkReturnUrl: `${this.issuer}/courses/${courseId}/deep-link-return`,
      });
      return html(res, 200, courseEditorPage({ title: courseTitle, person: personName, launchUrl }));
    }
    const links = items.map((i) => ({
      title: i.title,
      launchUrl: this.loginLink(person, i.url, {
        user: person,
        course: context,
        resourceLink: { id: i.resourceLinkId, title: i.title },
        ...(i.custom ? { custom: i.custom } : {}),
        override: { [`${LTI}target_link_uri`]: i.url },
      }),
    }));
    return html(res, 200, coursePage({ title: courseTitle, person: personName, items: links }));
  }

  /** The tool's login initiation URL for a launch the authorisation endpoint will answer (by a fresh lti_message_hint). */
  private loginLink(person: TLaunchUser, targetLinkUri: string, launch: Omit<TIdTokenOptions, 'nonce'>): string {
    const hint = randomBytes(12).toString('hex');
    this.pending.set(hint, launch);
    const q = new URLSearchParams({
      iss: this.issuer,
      login_hint: person.sub,
      target_link_uri: targetLinkUri,
      lti_message_hint: hint,
      client_id: this.clientId,
      lti_deployment_id: this.deploymentId,
    });
    return `${this.tool!.loginUrl}?${q.toString()}`;
  }

  /** Deep Linking 2.0 content items: each ltiResourceLink becomes a course item, with a line item when it asks for one. */
  private addContentItems(courseId: string, contentItems: unknown): string[] {
    const course = this.courses.get(courseId)!;
    const added: string[] = [];
    for (const raw of Array.isArray(contentItems) ? contentItems : []) {
      const item = raw as {
        type?: string;
        title?: string;
        url?: string;
        custom?: Record<string, string>;
        lineItem?: { scoreMaximum: number; label?: string; resourceId?: string };
      };
      if (item.type !== 'ltiResourceLink' || !item.url) continue;
      const resourceLinkId = `link-${randomBytes(4).toString('hex')}`;
      const title = item.title ?? 'Rostrum';
      const entry: TCourseItem = { resourceLinkId, title, url: item.url, ...(item.custom ? { custom: item.custom } : {}) };
      if (item.lineItem) {
        // The id idToken() names in the launch's AGS claim for this resource link.
        entry.lineItemId = `${this.issuer}/courses/${courseId}/lineitems/${resourceLinkId}`;
        const items = this.lineItems.get(courseId) ?? [];
        items.push({
          id: entry.lineItemId,
          label: item.lineItem.label ?? title,
          scoreMaximum: item.lineItem.scoreMaximum,
          resourceLinkId,
          ...(item.lineItem.resourceId ? { resourceId: item.lineItem.resourceId } : {}),
        });
        this.lineItems.set(courseId, items);
      }
      course.items.push(entry);
      added.push(title);
    }
    return added;
  }

  /** The scopes of the request's bearer token, if the token endpoint gave it out. */
  private scopesOf(req: IncomingMessage): string[] | null {
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    return m ? (this.tokens.get(m[1]!) ?? null) : null;
  }

  /** AGS 2.0 line items and scores, NRPS 2.0 memberships; each needs a token with its scope and the 1EdTech media types. */
  private async service(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    courseId: string,
    kind: string,
    itemId?: string,
    scores = false,
  ) {
    const scopes = this.scopesOf(req);
    if (!scopes) return send(res, 401, { error: 'invalid_token' });
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
    const accept = req.headers.accept ?? '';
    if (kind === 'memberships') {
      if (req.method !== 'GET' || itemId) return send(res, 405, { error: 'method_not_allowed' });
      if (!scopes.includes(NRPS_SCOPE)) return send(res, 403, { error: 'insufficient_scope' });
      if (!accept.includes('application/vnd.ims.lti-nrps.v2.membershipcontainer+json')) return send(res, 406, { error: 'not_acceptable' });
      const all = this.rosters.get(courseId) ?? [];
      const page = Number(url.searchParams.get('page') ?? '1');
      const members = all.slice((page - 1) * this.rosterPageSize, page * this.rosterPageSize);
      const headers: Record<string, string> = { 'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json' };
      if (page * this.rosterPageSize < all.length) headers.link = `<${this.issuer}${url.pathname}?page=${page + 1}>; rel="next"`;
      res.writeHead(200, headers).end(JSON.stringify({ id: `${this.issuer}${url.pathname}`, context: { id: courseId }, members }));
      return;
    }
    const items = this.lineItems.get(courseId) ?? [];
    this.lineItems.set(courseId, items);
    if (scores) {
      if (req.method !== 'POST') return send(res, 405, { error: 'method_not_allowed' });
      if (!scopes.includes(`${AGS_SCOPE}score`)) return send(res, 403, { error: 'insufficient_scope' });
      if (type !== 'application/vnd.ims.lis.v1.score+json') return send(res, 415, { error: 'unsupported_media_type' });
      const score = JSON.parse(await body(req)) as TScore;
      if (this.failScoresWith) return send(res, this.failScoresWith, { error: 'server_error' });
      const lineItemId = `${this.issuer}/courses/${courseId}/lineitems/${itemId}`;
      if (!items.some((i) => i.id === lineItemId)) return send(res, 404, { error: 'not_found' });
      this.scores.push({ ...score, lineItemId });
      res.writeHead(204).end();
      return;
    }
    if (!scopes.includes(`${AGS_SCOPE}lineitem`)) return send(res, 403, { error: 'insufficient_scope' });
    if (req.method === 'GET' && !itemId) {
      if (!accept.includes('application/vnd.ims.lis.v2.lineitemcontainer+json')) return send(res, 406, { error: 'not_acceptable' });
      const link = url.searchParams.get('resource_link_id');
      const found = items.filter((i) => !link || i.resourceLinkId === link);
      res.writeHead(200, { 'content-type': 'application/vnd.ims.lis.v2.lineitemcontainer+json' }).end(JSON.stringify(found));
      return;
    }
    if (req.method === 'POST' && !itemId) {
      if (type !== 'application/vnd.ims.lis.v2.lineitem+json') return send(res, 415, { error: 'unsupported_media_type' });
      const item = JSON.parse(await body(req)) as Omit<TLineItem, 'id'>;
      if (typeof item.scoreMaximum !== 'number' || !item.label) return send(res, 400, { error: 'invalid_line_item' });
      const created = { ...item, id: `${this.issuer}/courses/${courseId}/lineitems/${randomBytes(4).toString('hex')}` };
      items.push(created);
      res.writeHead(201, { 'content-type': 'application/vnd.ims.lis.v2.lineitem+json' }).end(JSON.stringify(created));
      return;
    }
    return send(res, 405, { error: 'method_not_allowed' });
  }

  /** OIDC authorisation (prompt=none): the pending launch named by lti_message_hint, form-posted to redirect_uri. */
  private async authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const launch = this.pending.get(q.get('lti_message_hint') ?? '');
    const redirect = q.get('redirect_uri') ?? '';
    const valid =
      launch &&
      q.get('scope') === 'openid' &&
      q.get('response_type') === 'id_token' &&
      q.get('response_mode') === 'form_post' &&
      q.get('prompt') === 'none' &&
      q.get('client_id') === this.clientId &&
      q.get('nonce') &&
      q.get('state') &&
      /^https?:\/\//.test(redirect);
    if (!valid) return send(res, 400, { error: 'invalid_request' });
    const idToken = await this.idToken({ ...launch, nonce: q.get('nonce')! });
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    return html(
      res,
      200,
      `<form id="f" method="post" action="${esc(redirect)}"><input type="hidden" name="id_token" value="${esc(idToken)}"><input type="hidden" name="state" value="${esc(q.get('state')!)}"><button>Continue</button></form><script>document.getElementById('f').submit()</script>`,
    );
  }

  /** Client credentials with a JWT assertion (1EdTech Security Framework 4.1), signed by the tool. */
  private async token(form: URLSearchParams, res: ServerResponse) {
    if (
      form.get('grant_type') !== 'client_credentials' ||
      form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
    ) {
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    try {
      const claims = await this.verifyToolJwt(form.get('client_assertion') ?? '', this.tokenUrl);
      if (claims.iss !== this.clientId || claims.sub !== this.clientId || !claims.jti) throw new Error('claims');
    } catch {
      return send(res, 401, { error: 'invalid_client' });
    }
    const scopes = (form.get('scope') ?? '').split(' ').filter(Boolean);
    const token = randomUUID();
    this.tokens.set(token, scopes);
    return send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: scopes.join(' ') });
  }
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, json: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
}

function html(res: ServerResponse, status: number, markup: string) {
  const doc = markup.startsWith('<!doctype') ? markup : `<!doctype html><html><body>${markup}</body></html>`;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(doc);
}
