import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { TDeps } from '../../deps.js';
import { recordings } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { TZodApp } from '../../http/route-kit.js';
import { MEDIA_FILES } from '../../storage/media-storage.js';
import { verifyMediaSignature } from '../../storage/media-urls.js';

const ZMediaParamsSchema = z.object({ id: z.uuid(), kind: z.enum(['audio', 'video', 'peaks']) });
const ZMediaQuerySchema = z.object({ exp: z.coerce.number().int(), sig: z.string().min(10).max(100) });

/** Playback media by signed address, with HTTP Range (seeking) from @fastify/static's sendFile. */
export function mediaRoutes(app: TZodApp, deps: TDeps) {
  app.get('/media/:id/:kind', { schema: { hide: true, params: ZMediaParamsSchema, querystring: ZMediaQuerySchema } }, async (req, reply) => {
    const { id, kind } = req.params;
    if (!verifyMediaSignature(deps.mediaSecret, id, kind, req.query.exp, req.query.sig)) throw forbidden('This media link has expired. Reload the page.');
    const [rec] = await deps.db
      .select({ id: recordings.id })
      .from(recordings)
      .where(and(eq(recordings.id, id), isNull(recordings.deletedAt)));
    const dir = deps.storage.dirFor(id);
    const file = MEDIA_FILES[kind];
    if (!rec || !existsSync(path.join(dir, file))) throw notFound();
    reply.header('cache-control', 'private, max-age=3600');
    return reply.sendFile(file, dir);
  });
}
