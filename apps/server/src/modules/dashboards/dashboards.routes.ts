import { z } from 'zod';
import {
  ZCoachDashboardSchema,
  ZGroupMemberParamsSchema,
  ZIdParamsSchema,
  ZLibraryRecordingSchema,
  ZMemberAssignmentsSchema,
  ZSpeakerDashboardSchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { getCoachDashboard } from './coach-dashboard.service.js';
import { getMemberAssignments } from './member-assignments.service.js';
import { getSpeakerDashboard } from './speaker-dashboard.service.js';
import { getLibrary } from './library.service.js';
import type { DashboardCache } from './dashboard-cache.js';

export function dashboardsRoutes(app: TZodApp, deps: TDeps, cache?: DashboardCache) {
  // Every dashboard serves a page that needs an active subscription (002 section 2.1).
  const subscribed = requireAuth(deps, { subscription: true });
  const tags = ['dashboards'];
  app.get(
    '/groups/:id/dashboard',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'getCoachDashboard',
        summary: "A group's coach dashboard: its stats and its speakers' counts, as the caller may see them",
        tags,
        params: ZIdParamsSchema,
        response: responses(ZCoachDashboardSchema),
      },
    },
    async (req) => ok(await getCoachDashboard(deps, authOf(req), req.params.id, cache)),
  );
  app.get(
    '/groups/:id/members/:userId/assignments',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'getMemberAssignments',
        summary: "A member's assignments in a group with their completion and recordings (coach dashboard row)",
        tags,
        params: ZGroupMemberParamsSchema,
        response: responses(ZMemberAssignmentsSchema),
      },
    },
    async (req) => ok(await getMemberAssignments(deps, authOf(req), req.params.id, req.params.userId)),
  );
  app.get(
    '/me/dashboard',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'getSpeakerDashboard',
        summary: "The caller's speaker dashboard: their assignments by group and their stats",
        tags,
        response: responses(ZSpeakerDashboardSchema),
      },
    },
    async (req) => ok(await getSpeakerDashboard(deps, authOf(req), cache)),
  );
  app.get(
    '/me/library',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'getLibrary',
        summary: "The caller's own recordings with comments and ratings (My Library)",
        tags,
        response: responses(z.array(ZLibraryRecordingSchema)),
      },
    },
    async (req) => ok(await getLibrary(deps, authOf(req))),
  );
}
