import { z } from 'zod';
import {
  ZDeleteWordspottingQuerySchema,
  ZSaveWordspottingBodySchema,
  ZWordspottingListSchema,
  ZWordspottingPageSchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { deleteWordspotting, getWordspottingPage, saveWordspotting } from './wordspotting.service.js';

export function wordspottingRoutes(app: TZodApp, deps: TDeps) {
  // The wordspotting page needs an active subscription, as its route does (002 section 2.1).
  const subscribed = requireAuth(deps, { subscription: true });
  const tags = ['wordspotting'];
  app.get(
    '/wordspotting',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'getWordspotting',
        summary: 'The wordspotting lists the caller sees, with what they may change, and where they may add one',
        tags,
        response: responses(ZWordspottingPageSchema),
      },
    },
    async (req) => ok(await getWordspottingPage(deps, authOf(req))),
  );
  app.put(
    '/wordspotting',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'saveWordspotting',
        summary: "Create or replace the organisation's, a group's or the caller's list for one recording type",
        tags,
        body: ZSaveWordspottingBodySchema,
        response: responses(ZWordspottingListSchema),
      },
    },
    async (req) => ok(await saveWordspotting(deps, authOf(req), req.body)),
  );
  app.delete(
    '/wordspotting',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'deleteWordspotting',
        summary: 'Remove a list and reset to the defaults (algorithm and exactly one of orgId, groupId, userId)',
        tags,
        querystring: ZDeleteWordspottingQuerySchema,
        response: responses(z.object({})),
      },
    },
    async (req) => {
      await deleteWordspotting(deps, authOf(req), req.query);
      return ok({});
    },
  );
}
