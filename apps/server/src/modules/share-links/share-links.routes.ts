import { z } from 'zod';
import {
  ZCreatedShareLinkSchema,
  ZCreateShareLinkBodySchema,
  ZIdParamsSchema,
  ZIdSchema,
  ZShareLinkSchema,
  ZShareMediaParamsSchema,
  ZSharedRecordingSchema,
  ZShareTokenParamsSchema,
} from '@rostrum/contract';
import type { FastifyRequest } from 'fastify';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { HttpError, notFound } from '../../errors.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { countShareLinkFailure } from './share-link-limits.js';
import * as shares from './share-links.service.js';

const ZLinkParamsSchema = z.object({ id: ZIdSchema, linkId: ZIdSchema });

/**
 * A presigned bucket address cannot be revoked, so share link media gets one that works for a
 * minute: a revoked link's player stops within that (signed-in media: PRESIGN_SECONDS).
 */
export const SHARED_MEDIA_PRESIGN_SECONDS = 60;

/** A public call through a share token: a link that does not work (404, 410) counts against the address. */
async function throughLink<T>(deps: TDeps, req: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HttpError && (err.status === 404 || err.status === 410)) await countShareLinkFailure(deps.db, req.ip);
    throw err;
  }
}

export function shareLinksRoutes(app: TZodApp, deps: TDeps) {
  const signedIn = requireAuth(deps);
  const tags = ['share links'];
  app.post(
    '/recordings/:id/share-links',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'createShareLink',
        summary: 'Create a public read-only link to the results (the owner, with Public_Share_Links on); the token is returned this once',
        tags,
        params: ZIdParamsSchema,
        body: ZCreateShareLinkBodySchema,
        response: responses(ZCreatedShareLinkSchema),
      },
    },
    async (req) => ok(await shares.createShareLink(deps, authOf(req), req.params.id, req.body)),
  );
  app.get(
    '/recordings/:id/share-links',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listShareLinks',
        summary: "The recording's share links, newest first (the owner)",
        tags,
        params: ZIdParamsSchema,
        response: responses(z.array(ZShareLinkSchema)),
      },
    },
    async (req) => ok(await shares.listShareLinks(deps, authOf(req), req.params.id)),
  );
  app.delete(
    '/recordings/:id/share-links/:linkId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'revokeShareLink',
        summary: 'Revoke a share link (the owner): it stops working at once',
        tags,
        params: ZLinkParamsSchema,
        response: responses(ZShareLinkSchema),
      },
    },
    async (req) => ok(await shares.revokeShareLink(deps, authOf(req), req.params.id, req.params.linkId)),
  );
  app.get(
    '/shared/:token',
    {
      schema: {
        operationId: 'getSharedRecording',
        summary: 'What a share link shows, without sign-in: 404 for an unknown link, 410 for a revoked or expired one or one turned off',
        tags,
        params: ZShareTokenParamsSchema,
        response: responses(ZSharedRecordingSchema),
      },
    },
    async (req, reply) => {
      const shared = await throughLink(deps, req, () => shares.getSharedRecording(deps, req.params.token));
      reply.header('cache-control', 'private, no-store');
      return ok(shared);
    },
  );
  app.get('/shared/:token/media/:kind', { schema: { hide: true, params: ZShareMediaParamsSchema } }, async (req, reply) => {
    const { r } = await throughLink(deps, req, () => shares.openShareLink(deps, req.params.token));
    // Asked again each time (a cheap 304), so a revoked link stops playing.
    reply.header('cache-control', 'private, no-cache');
    if (!(await deps.storage.serve(reply, r.id, req.params.kind, { presignSeconds: SHARED_MEDIA_PRESIGN_SECONDS }))) throw notFound();
    return reply;
  });
}
