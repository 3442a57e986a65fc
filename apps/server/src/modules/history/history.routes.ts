import { z } from 'zod';
import { ZHistoryPointSchema, ZHistoryQuerySchema } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { getHistory } from './history.service.js';

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
}
