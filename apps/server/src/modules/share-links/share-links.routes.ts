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
import { notFound } from '../../http/errors.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { reserveShareLinkLookup } from './share-link-limits.js';
import * as shares from './share-links.service.js';

const ZLinkParamsSchema = z.object({ id: ZIdSchema, linkId: ZIdSchema });

/** A public call through a share token: counted against the address unless the link works. */
async function throughLink<T>(deps: TDeps, req: FastifyRequest, work: () => Promise<T>): Promise<T> {
  const attempt = await reserveShareLinkLookup(deps.db, req.ip);
  const result = await work();
  await attempt.valid();
  return result;
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
    if (!(await deps.storage.serve(reply, r.id, req.params.kind))) throw notFound();
    return reply;
  });
}
