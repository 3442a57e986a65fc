import { z } from 'zod';
import {
  ZIdParamsSchema,
  ZScorecardResponseBodySchema,
  ZScorecardResponseParamsSchema,
  ZScorecardResponseSchema,
  ZUpdateScorecardResponseBodySchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import * as scorecards from './scorecards.service.js';

export function scorecardsRoutes(app: TZodApp, deps: TDeps) {
  /** Every call here serves pages that need an active subscription (402 without one). */
  const subscribed = requireAuth(deps, { subscription: true });
  const tags = ['scorecards'];
  app.post(
    '/scorecards/:id/responses',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'createScorecardResponse',
        summary: "Answer a scorecard's custom questions",
        tags,
        params: ZIdParamsSchema,
        body: ZScorecardResponseBodySchema,
        response: responses(ZScorecardResponseSchema),
      },
    },
    async (req) => ok(await scorecards.saveResponse(deps, authOf(req), req.params.id, req.body)),
  );
  app.put(
    '/scorecards/:id/responses/:responseId',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'updateScorecardResponse',
        summary: 'Change own scorecard answers',
        tags,
        params: ZScorecardResponseParamsSchema,
        body: ZUpdateScorecardResponseBodySchema,
        response: responses(ZScorecardResponseSchema),
      },
    },
    async (req) => ok(await scorecards.updateResponse(deps, authOf(req), req.params.id, req.params.responseId, req.body.responses)),
  );
  app.delete(
    '/scorecards/:id/responses/:responseId',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'deleteScorecardResponse',
        summary: 'Delete own scorecard answers',
        tags,
        params: ZScorecardResponseParamsSchema,
        response: responses(z.object({})),
      },
    },
    async (req) => {
      await scorecards.deleteResponse(deps, authOf(req), req.params.id, req.params.responseId);
      return ok({});
    },
  );
}
