import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifyHelmet from '@fastify/helmet';
import fastifyCors from '@fastify/cors';
import fastifyCompress from '@fastify/compress';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX, ERROR_CODES, MSG } from '@rostrum/contract';
import type { TDeps } from './deps.js';
import { MediaStorage } from './storage/media-storage.js';
import { errorBody, installErrorHandler } from './errors.js';
import { clientErrorHandler, frameworkErrors, guardedValidatorCompiler } from './http/edge-guards.js';
import { helmetOptions } from './http/security-headers.js';
import { apiCompression } from './http/compression.js';
import { isFilePath, registerWebApp } from './http/web-static.js';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.js';
import { legalRoutes } from './modules/legal/legal.routes.js';
import { DashboardCache } from './modules/dashboards/index.js';
import { dashboardsRoutes } from './modules/dashboards/dashboards.routes.js';
import { reviewQueueRoutes } from './modules/review-queue/review-queue.routes.js';
import { wordspottingRoutes } from './modules/wordspotting/wordspotting.routes.js';
import { practicePromptsRoutes } from './modules/practice-prompts/practice-prompts.routes.js';
import { responses } from './http/route-kit.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { hubRoutes } from './modules/hub/hub.routes.js';
import { meRoutes } from './modules/me/me.routes.js';
import { groupsRoutes } from './modules/groups/groups.routes.js';
import { recordingsRoutes } from './modules/recordings/recordings.routes.js';
import { uploadsRoutes } from './modules/recordings/uploads.routes.js';
import { liveCapturesRoutes } from './modules/recordings/live-captures/live-captures.routes.js';
import { mediaRoutes } from './modules/recordings/media.routes.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { historyRoutes } from './modules/history/history.routes.js';
import { noticesRoutes } from './modules/notifications/notices.routes.js';
import { assignmentsRoutes } from './modules/assignments/assignments.routes.js';
import { reportRoutes } from './modules/assignments/report/report.routes.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { shareLinksRoutes } from './modules/share-links/share-links.routes.js';
import { assignmentProgressRoutes } from './modules/assignments/progress/progress.routes.js';
import { scorecardsRoutes } from './modules/scorecards/scorecards.routes.js';
import { adminStatsRoutes } from './modules/admin-stats/admin-stats.routes.js';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes.js';
import { orgSettingsRoutes } from './modules/org-settings/org-settings.routes.js';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { zoomRoutes } from './modules/zoom/zoom.routes.js';
import { ltiRoutes } from './modules/lti/lti.routes.js';
import { accountDeletionRoutes } from './modules/account-deletion/account-deletion.routes.js';
import { dataExportRoutes } from './modules/data-export/data-export.routes.js';

/** The HTTP app: API under /api/v1 and, when built, the web app with an SPA fallback. */
export async function buildApp(deps: TDeps, opts: { logger?: FastifyBaseLogger } = {}) {
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    // Forwarded headers count only from configured proxies (TRUST_PROXY); otherwise req.ip is the peer.
    trustProxy: deps.config.trustProxy.length ? deps.config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  installErrorHandler(app);
  // Dashboards kept a few seconds per caller; emptied before any change is answered (dashboard-cache.ts).
  const dashboardCache = new DashboardCache((deps.config.dashboardCacheSeconds ?? 0) * 1000);
  app.addHook('onSend', async (req, _reply, payload) => {
    dashboardCache.afterRequest(req.method);
    return payload;
  });
  await app.register(fastifyHelmet, helmetOptions(deps.config));
  // Cross-origin browser calls only from configured origins; with none, no CORS headers at all.
  if (deps.config.corsAllowedOrigins.length) {
    await app.register(fastifyCors, {
      origin: deps.config.corsAllowedOrigins,
      credentials: false,
      maxAge: 600,
      // A bare OPTIONS (no Access-Control-Request-Method) is answered like any other request,
      // not with the plugin's text/plain 400.
      strictPreflight: false,
    });
  }

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Rostrum API', version: '1.0.0', description: 'Speech and voice coaching. See docs/api/README.md.' },
      servers: [{ url: deps.config.publicUrl, description: 'This installation' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: '{orgCode}-{apiKey}' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      // The API's answers and the waveform's files, compressed as they go (the web app's files
      // are compressed at build time and served as they are).
      await api.register(fastifyCompress, apiCompression);
      const zapp = api.withTypeProvider<ZodTypeProvider>();
      zapp.get(
        '/health',
        {
          schema: {
            operationId: 'getHealth',
            summary: 'Whether the API is up',
            tags: ['health'],
            response: responses(z.object({ ok: z.boolean() })),
          },
        },
        async () => ({
          data: { ok: true },
        }),
      );
      zapp.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      clientConfigRoutes(zapp, deps);
      legalRoutes(zapp, deps);
      authRoutes(zapp, deps);
      hubRoutes(zapp, deps);
      meRoutes(zapp, deps);
      groupsRoutes(zapp, deps);
      recordingsRoutes(zapp, deps);
      uploadsRoutes(zapp, deps);
      liveCapturesRoutes(zapp, deps);
      mediaRoutes(zapp, deps);
      exportsRoutes(zapp, deps);
      shareLinksRoutes(zapp, deps);
      feedbackRoutes(zapp, deps);
      historyRoutes(zapp, deps);
      noticesRoutes(zapp, deps);
      assignmentsRoutes(zapp, deps);
      reportRoutes(zapp, deps);
      assignmentProgressRoutes(zapp, deps);
      scorecardsRoutes(zapp, deps);
      adminStatsRoutes(zapp, deps);
      adminUsersRoutes(zapp, deps);
      orgSettingsRoutes(zapp, deps);
      dashboardsRoutes(zapp, deps, dashboardCache);
      reviewQueueRoutes(zapp, deps);
      wordspottingRoutes(zapp, deps);
      practicePromptsRoutes(zapp, deps);
      subscriptionsRoutes(zapp, deps);
      zoomRoutes(zapp, deps);
      ltiRoutes(zapp, deps);
      accountDeletionRoutes(zapp, deps);
      dataExportRoutes(zapp, deps);
    },
    { prefix: API_PREFIX },
  );

  // reply.sendFile (with HTTP Range) for media; the web app's files are a second, serving instance.
  await app.register(fastifyStatic, { root: deps.storage instanceof MediaStorage ? deps.storage.root : deps.config.dataDir, serve: false });
  const webDir = deps.config.webDir;
  const sendIndex = webDir && existsSync(path.join(webDir, 'index.html')) ? await registerWebApp(app, webDir) : null;
  app.setNotFoundHandler((req, reply) => {
    const page = req.method === 'GET' || req.method === 'HEAD';
    if (req.url.startsWith('/api/') || !page || !sendIndex || isFilePath(req.url)) {
      return reply.status(404).send(errorBody(404, MSG.notFound, ERROR_CODES.resourceNotFound));
    }
    // Client-side routes: the web app decides (unknown paths redirect to /).
    return sendIndex(req, reply);
  });
  return app;
}
