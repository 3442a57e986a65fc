import { z } from 'zod';
import { ERROR_CODES, ZIdSchema } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { forbidden, notFound } from '../../errors.js';
import type { TZodApp } from '../../http/route-kit.js';
import { MEDIA_KINDS } from '../../storage/media-storage.js';
import { verifyMediaSignature } from '../../storage/media-urls.js';
import { createMediaAccessCheck } from './media-access.js';

const ZMediaParamsSchema = z.object({ id: ZIdSchema, kind: z.enum(MEDIA_KINDS) });
const ZMediaQuerySchema = z.object({ u: ZIdSchema, exp: z.coerce.number().int(), sig: z.string().min(10).max(100) });

/**
 * Playback media by signed address, with HTTP Range (seeking): local files by @fastify/static's
 * sendFile, a bucket's by a short-lived presigned address (302) or streamed with Range.
 * The address names the user it was issued to; their access is checked again on each request.
 */
export function mediaRoutes(app: TZodApp, deps: TDeps) {
  const mayHear = createMediaAccessCheck(deps.db);
  app.get(
    '/media/:id/:kind',
    { schema: { hide: true, params: ZMediaParamsSchema, querystring: ZMediaQuerySchema } },
    async (req, reply) => {
      const { id, kind } = req.params;
      const { u, exp, sig } = req.query;
      if (!verifyMediaSignature(deps.mediaSecret, id, kind, u, exp, sig))
        throw forbidden('This media link has expired. Reload the page.', ERROR_CODES.mediaLinkExpired);
      // A deleted recording, or one this user may no longer hear, is not found (whatever the link).
      if (!(await mayHear(u, id))) throw notFound(undefined, ERROR_CODES.recordingNotFound);
      // The browser asks again each time (a cheap 304), so its cache never outlives withdrawn access.
      reply.header('cache-control', 'private, no-cache');
      // Local files go with Range from here; a bucket's by a presigned address for minutes (or streamed).
      if (!(await deps.storage.serve(reply, id, kind))) throw notFound();
      return reply;
    },
  );
}
