import { z } from 'zod';
import {
  API_PREFIX,
  ZApiErrorSchema,
  ZLtiDeepLinkPickBodySchema,
  ZLtiJwksSchema,
  ZLtiLaunchBodySchema,
  ZLtiLoginSchema,
  ZLtiOrgParamsSchema,
  ZLtiPlatformBodySchema,
  ZLtiPlatformListSchema,
  ZLtiPlatformParamsSchema,
  ZLtiPlatformSchema,
  ZLtiRosterSyncSchema,
  ZLtiToolKeyListSchema,
  ZIdSchema,
  type TLtiLogin,
} from '@rostrum/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { newSecret } from '../../auth/keys.js';
import { HttpError, notFound } from '../../errors.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { ltiBindingCookie, readLtiBinding } from './lti-cookie.js';
import { pickDeepLink } from './lti-deep-linking.service.js';
import { publishedJwks } from './lti-keys.js';
import { finishLaunch, LOGIN_MINUTES, startLogin } from './lti-launch.service.js';
import { framingOf, LaunchRefusal } from './lti-refusal.js';
import { sendAutoPostPage, sendLandingPage, sendPickerPage, sendRefusalPage } from './lti-pages.js';
import {
  createPlatform,
  deletePlatform,
  getPlatform,
  getPlatforms,
  getToolKeys,
  rotateToolKeys,
  updatePlatform,
} from './lti-platforms.service.js';
import { ltiPaths } from './lti-tool-values.js';
import { syncRoster } from './lti-roster.service.js';

const FORM = 'application/x-www-form-urlencoded';

/**
 * LTI 1.3 as a tool (issue 42 items 1-3): the org admin's registration calls (JSON, in the API
 * document), the public JWKS, and the browser's launch pages (the platform's login initiation
 * and form posts, answered with redirects and small HTML pages, kept out of the API document).
 */
export function ltiRoutes(app: TZodApp, deps: TDeps) {
  const signedIn = requireAuth(deps);
  const tags = ['lti'];

  app.get(
    '/lti/platforms',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listLtiPlatforms',
        summary: "The organisation's registered learning platforms, with the tool's values to paste (org admins)",
        tags,
        response: responses(ZLtiPlatformListSchema),
      },
    },
    async (req) => ok(await getPlatforms(deps, authOf(req))),
  );
  app.post(
    '/lti/platforms',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'createLtiPlatform',
        summary: 'Register a learning platform (LTI 1.3) for the organisation (org admins)',
        tags,
        body: ZLtiPlatformBodySchema,
        response: responses(ZLtiPlatformSchema),
      },
    },
    async (req) => ok(await createPlatform(deps, authOf(req), req.body)),
  );
  app.get(
    '/lti/platforms/:platformId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getLtiPlatform',
        summary: "A registered learning platform, with the tool's values to paste (org admins)",
        tags,
        params: ZLtiPlatformParamsSchema,
        response: responses(ZLtiPlatformSchema),
      },
    },
    async (req) => ok(await getPlatform(deps, authOf(req), req.params.platformId)),
  );
  app.put(
    '/lti/platforms/:platformId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updateLtiPlatform',
        summary: "Change a learning platform's registration (org admins)",
        tags,
        params: ZLtiPlatformParamsSchema,
        body: ZLtiPlatformBodySchema,
        response: responses(ZLtiPlatformSchema),
      },
    },
    async (req) => ok(await updatePlatform(deps, authOf(req), req.params.platformId, req.body)),
  );
  app.delete(
    '/lti/platforms/:platformId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'deleteLtiPlatform',
        summary: 'Remove a learning platform; its classes and members stay (org admins)',
        tags,
        params: ZLtiPlatformParamsSchema,
        response: responses(z.object({})),
      },
    },
    async (req) => {
      await deletePlatform(deps, authOf(req), req.params.platformId);
      return ok({});
    },
  );
  app.get(
    '/lti/keys',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listLtiToolKeys',
        summary: "The tool's signing keys of the organisation, newest first (org admins)",
        tags,
        response: responses(ZLtiToolKeyListSchema),
      },
    },
    async (req) => ok(await getToolKeys(deps, authOf(req))),
  );
  app.post(
    '/lti/keys/rotate',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'rotateLtiToolKey',
        summary: 'Make a new current signing key; the old one stays in the JWKS for 72 hours (org admins)',
        tags,
        response: responses(ZLtiToolKeyListSchema),
      },
    },
    async (req) => ok(await rotateToolKeys(deps, authOf(req))),
  );
  app.post(
    '/groups/:groupId/lti/roster-sync',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'syncLtiRoster',
        summary: "Sync the class with its course's roster in the learning platform (LTI NRPS; the class's coaches and org admins)",
        tags,
        params: z.object({ groupId: ZIdSchema }),
        response: responses(ZLtiRosterSyncSchema),
      },
    },
    async (req) => ok(await syncRoster(deps, authOf(req), req.params.groupId)),
  );
  app.get(
    '/lti/jwks/:orgId',
    {
      // Out of the API document, as the launch pages are: platforms fetch it, the web app never does,
      // and it is a bare JSON Web Key Set, not the API's { data } envelope.
      schema: {
        hide: true,
        params: ZLtiOrgParamsSchema,
        response: { 200: ZLtiJwksSchema, '4xx': ZApiErrorSchema, '5xx': ZApiErrorSchema },
      },
    },
    async (req, reply) => {
      const jwks = await publishedJwks(deps.db, req.params.orgId);
      // An organisation that registered no platform (or none at all) has no JWKS.
      if (!jwks.keys.length) throw notFound();
      reply.header('cache-control', 'public, max-age=300');
      return jwks;
    },
  );

  // The browser's pages: form posts from the platform, so this scope alone reads form bodies.
  app.register(async (pages) => {
    pages.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    launchPages(pages.withTypeProvider(), deps);
  });
}

/** A refusal's page: framed by the platform when the refusal knows it, else by nobody. */
function refusal(reply: FastifyReply, err: HttpError) {
  const framing = err instanceof LaunchRefusal ? err.framing : { frameAncestors: [] };
  const retryUrl = err instanceof LaunchRefusal ? err.retryUrl : null;
  return sendRefusalPage(reply, framing, { status: err.status, code: err.code, message: err.message, retryUrl });
}

function launchPages(app: TZodApp, deps: TDeps) {
  const cookiePath = `${API_PREFIX}/lti`;

  const login = async (req: FastifyRequest, reply: FastifyReply, params: TLtiLogin) => {
    // One binding per browser, so launches started in two tabs both finish.
    const binding = readLtiBinding(req.headers.cookie) ?? newSecret();
    try {
      const location = await startLogin(deps, binding, params, req.ip);
      reply.header('set-cookie', ltiBindingCookie(binding, { path: cookiePath, maxAgeSeconds: LOGIN_MINUTES * 60 }));
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    } catch (err) {
      if (err instanceof HttpError) return refusal(reply, err);
      throw err;
    }
  };
  app.get(ltiPaths.login, { schema: { hide: true, querystring: ZLtiLoginSchema } }, (req, reply) => login(req, reply, req.query));
  app.post(ltiPaths.login, { schema: { hide: true, body: ZLtiLoginSchema } }, (req, reply) => login(req, reply, req.body));

  app.post(ltiPaths.launch, { schema: { hide: true, body: ZLtiLaunchBodySchema } }, async (req, reply) => {
    try {
      const result = await finishLaunch(deps, readLtiBinding(req.headers.cookie), req.body);
      if (result.kind === 'picker') return sendPickerPage(reply, result.framing, result);
      return sendLandingPage(reply, result.framing, result);
    } catch (err) {
      if (err instanceof LaunchRefusal) {
        req.log.info({ ltiRefusal: err.code, reason: err.reason }, 'lti launch refused');
        return refusal(reply, err);
      }
      throw err;
    }
  });

  app.post(ltiPaths.deepLink, { schema: { hide: true, body: ZLtiDeepLinkPickBodySchema } }, async (req, reply) => {
    try {
      const { platform, returnUrl, jwt } = await pickDeepLink(deps, req.body);
      return sendAutoPostPage(reply, framingOf(platform, returnUrl), { action: returnUrl, fields: { JWT: jwt } });
    } catch (err) {
      if (err instanceof HttpError) return refusal(reply, err);
      throw err;
    }
  });
}
