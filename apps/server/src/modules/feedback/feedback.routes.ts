import { z } from 'zod';
import {
  ZCreateFeedbackBodySchema,
  ZFeedbackListQuerySchema,
  ZFeedbackSchema,
  ZIdParamsSchema,
  ZRecordingFeedbackSchema,
  ZUpdateFeedbackBodySchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import * as service from './feedback.service.js';

export function feedbackRoutes(app: TZodApp, deps: TDeps) {
  /** Every call here serves pages that need an active subscription (402 without one). */
  const subscribed = requireAuth(deps, { subscription: true });
  const tags = ['feedback'];
  app.get(
    '/feedback',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'listFeedback',
        summary: 'Feedback on a recording the caller may see',
        tags,
        querystring: ZFeedbackListQuerySchema,
        response: responses(ZRecordingFeedbackSchema),
      },
    },
    async (req) => ok(await service.listFeedback(deps, authOf(req), req.query.recordingId)),
  );
  app.post(
    '/feedback',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'createFeedback',
        summary: 'Comment on or score a recording',
        tags,
        body: ZCreateFeedbackBodySchema,
        response: responses(ZFeedbackSchema),
      },
    },
    async (req) => ok(await service.addFeedback(deps, authOf(req), req.body)),
  );
  app.put(
    '/feedback/:id',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'updateFeedback',
        summary: 'Edit an own comment',
        tags,
        params: ZIdParamsSchema,
        body: ZUpdateFeedbackBodySchema,
        response: responses(ZFeedbackSchema),
      },
    },
    async (req) => ok(await service.updateFeedback(deps, authOf(req), req.params.id, req.body)),
  );
  app.delete(
    '/feedback/:id',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'deleteFeedback',
        summary: 'Delete own feedback or scores',
        tags,
        params: ZIdParamsSchema,
        response: responses(z.object({})),
      },
    },
    async (req) => {
      await service.deleteFeedback(deps, authOf(req), req.params.id);
      return ok({});
    },
  );
  app.get(
    '/groups/:id/feedback',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'listGroupFeedback',
        summary: "Feedback on a group's recordings the caller may see",
        tags,
        params: ZIdParamsSchema,
        response: responses(z.array(ZFeedbackSchema)),
      },
    },
    async (req) => ok(await service.listGroupFeedback(deps, authOf(req), req.params.id)),
  );
}
