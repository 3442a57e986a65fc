import { ZReviewQueueCountSchema, ZReviewQueueQuerySchema, ZReviewQueueSchema } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { countReviewQueue, getReviewQueue } from './review-queue.service.js';

export function reviewQueueRoutes(app: TZodApp, deps: TDeps) {
  // The queue serves the coach's pages (review queue, dashboard, the bell in coach mode), which need a subscription.
  const subscribed = requireAuth(deps, { subscription: true });
  const tags = ['review-queue'];
  app.get(
    '/review-queue',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'getReviewQueue',
        summary: "The recordings waiting for the caller's comment or score across the groups they coach, oldest first",
        tags,
        querystring: ZReviewQueueQuerySchema,
        response: responses(ZReviewQueueSchema),
      },
    },
    async (req) => ok(await getReviewQueue(deps, authOf(req), req.query.after)),
  );
  app.get(
    '/review-queue/count',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'getReviewQueueCount',
        summary: 'How many recordings wait for the caller (the review queue of GET review-queue)',
        tags,
        response: responses(ZReviewQueueCountSchema),
      },
    },
    async (req) => ok({ count: await countReviewQueue(deps, authOf(req)) }),
  );
}
