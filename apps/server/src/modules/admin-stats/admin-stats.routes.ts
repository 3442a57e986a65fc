import { ZAdminStatsSchema } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { getAdminStats } from './admin-stats.service.js';

export function adminStatsRoutes(app: TZodApp, deps: TDeps) {
  app.get(
    '/admin/stats',
    {
      onRequest: requireAuth(deps),
      schema: {
        operationId: 'getAdminStats',
        summary: 'Seat statistics of the organisation',
        tags: ['admin'],
        response: responses(ZAdminStatsSchema),
      },
    },
    async (req) => ok(await getAdminStats(deps, authOf(req))),
  );
}
