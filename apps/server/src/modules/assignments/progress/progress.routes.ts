import { ZAssignmentMembersSchema, ZGroupSharedRecordingsSchema, ZIdParamsSchema } from '@rostrum/contract';
import type { TDeps } from '../../../deps.js';
import { authOf } from '../../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../../http/route-kit.js';
import { listAssignmentMembers, listAssignmentSharedRecordings } from './progress.service.js';

export function assignmentProgressRoutes(app: TZodApp, deps: TDeps) {
  /** Every call here serves pages that need an active subscription (402 without one). */
  const subscribed = requireAuth(deps, { subscription: true });
  const tags = ['assignments'];
  app.get(
    '/assignments/:id/members',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'listAssignmentMembers',
        summary: "An assignment's members with their completion and recordings, as the caller may see them",
        tags,
        params: ZIdParamsSchema,
        response: responses(ZAssignmentMembersSchema),
      },
    },
    async (req) => ok(await listAssignmentMembers(deps, authOf(req), req.params.id)),
  );
  app.get(
    '/assignments/:id/shared-recordings',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'listAssignmentSharedRecordings',
        summary: "What the caller's peers shared with the group in an assignment",
        tags,
        params: ZIdParamsSchema,
        response: responses(ZGroupSharedRecordingsSchema),
      },
    },
    async (req) => ok(await listAssignmentSharedRecordings(deps, authOf(req), req.params.id)),
  );
}
