import { z } from 'zod';
import { ZApiErrorSchema, ZExportParamsSchema } from '@rostrum/contract';
import type { FastifyReply } from 'fastify';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { requireAuth, type TZodApp } from '../../http/route-kit.js';
import { exportRecording, type TExport } from './exports.service.js';

/** Sends an export as an attachment that is never cached or sniffed. */
export function sendExport(reply: FastifyReply, e: TExport) {
  return reply
    .type(e.contentType)
    .header('content-disposition', e.disposition)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(e.body);
}

export function exportsRoutes(app: TZodApp, deps: TDeps) {
  app.get(
    '/recordings/:id/export/:format',
    {
      onRequest: requireAuth(deps),
      schema: {
        operationId: 'exportRecording',
        summary: "Download a recording's transcript (vtt, srt, txt), results (json, csv) or one-page report (pdf)",
        tags: ['recordings'],
        params: ZExportParamsSchema,
        response: {
          200: {
            description:
              'The file, as an attachment named after the recording: WebVTT, SRT, plain text, the Results shape as JSON, CSV (UTF-8 with a BOM, CRLF) or a one-page A4 PDF.',
            content: {
              'text/vtt': { schema: z.string() },
              'application/x-subrip': { schema: z.string() },
              'text/plain': { schema: z.string() },
              'application/json': { schema: z.string() },
              'text/csv': { schema: z.string() },
              'application/pdf': { schema: z.string() },
            },
          },
          '4xx': ZApiErrorSchema,
          '5xx': ZApiErrorSchema,
        },
      },
    },
    async (req, reply) => sendExport(reply, await exportRecording(deps, authOf(req), req.params.id, req.params.format)),
  );
}
