import { z } from 'zod';
import { ZHistoryGroupMediansQuerySchema, ZHistoryGroupMediansSchema, ZHistoryPointSchema, ZHistoryQuerySchema } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { getHistory } from './history.service.js';
import { getGroupMedians } from './group-medians.service.js';

export function historyRoutes(app: TZodApp, deps: TDeps) {
  app.get(
    '/history',
    {
      onRequest: requireAuth(deps, { subscription: true }),
      schema: {
        operationId: 'getHistory',
        summary: 'Analysed recordings of a user over time',
        tags: ['history'],
        querystring: ZHistoryQuerySchema,
        response: responses(z.array(ZHistoryPointSchema)),
      },
    },
    async (req) => ok(await getHistory(deps, authOf(req), req.query.userId)),
  );
  app.get(
    '/history/group-medians',
    {
      onRequest: requireAuth(deps, { subscription: true }),
      schema: {
        operationId: 'getHistoryGroupMedians',
        summary: "The median per dial of the other speakers of a user's groups, where privacy levels allow",
        tags: ['history'],
        querystring: ZHistoryGroupMediansQuerySchema,
        response: responses(ZHistoryGroupMediansSchema),
      },
    },
    async (req) => ok(await getGroupMedians(deps, authOf(req), req.query.userId)),
  );
}
