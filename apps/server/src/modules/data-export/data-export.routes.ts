import { z } from 'zod';
import { DATA_EXPORT_LINK_DAYS, dataEnvelope, ZApiErrorSchema, ZDataExportParamsSchema, ZDataExportSchema } from '@rostrum/contract';
import type { FastifyReply } from 'fastify';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { getDataExport, openDataExportDownload, requestDataExport, type TExportDownload } from './data-export.service.js';

/** Sends the zip as an attachment that is never cached or sniffed. */
function sendZip(reply: FastifyReply, d: TExportDownload) {
  reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${d.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  if (d.size !== null) reply.header('content-length', d.size);
  return reply.send(d.body);
}

export function dataExportRoutes(app: TZodApp, deps: TDeps) {
  const signedIn = requireAuth(deps);
  const tags = ['me'];
  const answer = responses(ZDataExportSchema);
  app.post(
    '/me/data-export',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'requestDataExport',
        summary: 'Ask for a zip of all your data (Export my data)',
        description: `202 with the new export, queued for the job that builds it; 200 with the running one while an export is queued or building (one at a time). When ready the person is told (the bell and an email) and can download it for ${DATA_EXPORT_LINK_DAYS} days.`,
        tags,
        response: { ...answer, 202: dataEnvelope(ZDataExportSchema) },
      },
    },
    async (req, reply) => {
      const { created, dataExport } = await requestDataExport(deps, authOf(req));
      return reply.status(created ? 202 : 200).send(ok(dataExport));
    },
  );
  app.get(
    '/me/data-export',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getDataExport',
        summary:
          "The caller's latest data export: none, queued, building (with progress), ready (with expiresAt and the download path), failed or expired",
        tags,
        response: answer,
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await getDataExport(deps, authOf(req)));
    },
  );
  app.get(
    '/me/data-export/:exportId/download',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'downloadDataExport',
        summary: 'Download a ready data export (the signed-in owner only)',
        description: "404 for an unknown id or another person's; 409 while it is not ready; 410 once expired.",
        tags,
        params: ZDataExportParamsSchema,
        response: {
          200: { description: 'The zip file, as an attachment.', content: { 'application/zip': { schema: z.string() } } },
          '4xx': ZApiErrorSchema,
          '5xx': ZApiErrorSchema,
        },
      },
    },
    async (req, reply) => sendZip(reply, await openDataExportDownload(deps, authOf(req), req.params.exportId)),
  );
}
