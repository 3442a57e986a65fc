import { z } from 'zod';
import {
  ZCreateGroupBodySchema,
  ZDeactivateMembersResponseSchema,
  ZGroupMembersQuerySchema,
  ZUpdateGroupBodySchema,
  ZGroupMemberSchema,
  ZGroupSchema,
  ZGroupSharedRecordingsSchema,
  ZIdParamsSchema,
  ZJoinGroupBodySchema,
  ZJoinGroupResponseSchema,
  ZOrgGroupSchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import * as groups from './groups.service.js';
import * as members from './group-members.service.js';
import { listSharedRecordings } from './shared-recordings.service.js';

const ZListQuerySchema = z.object({ scope: z.enum(['mine', 'org']).default('mine') });

export function groupsRoutes(app: TZodApp, deps: TDeps) {
  const signedIn = requireAuth(deps);
  /** Calls of the pages that need an active subscription (402 without one). */
  const subscribed = requireAuth(deps, { subscription: true });
  const tags = ['groups'];
  app.get(
    '/groups',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listGroups',
        summary: "The caller's groups, or every group of the organisation",
        tags,
        querystring: ZListQuerySchema,
        response: responses(z.union([z.array(ZOrgGroupSchema), z.array(ZGroupSchema)])),
      },
    },
    async (req) =>
      ok(req.query.scope === 'org' ? await groups.listGroupsOfOrg(deps, authOf(req)) : await groups.listMyGroups(deps, authOf(req))),
  );
  app.post(
    '/groups',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'createGroup',
        summary: 'Create a group',
        tags,
        body: ZCreateGroupBodySchema,
        response: responses(ZGroupSchema),
      },
    },
    async (req) => ok(await groups.createGroup(deps, authOf(req), req.body)),
  );
  app.put(
    '/groups/:id',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updateGroup',
        summary: 'Rename a group or set its privacy levels',
        tags,
        params: ZIdParamsSchema,
        body: ZUpdateGroupBodySchema,
        response: responses(ZGroupSchema),
      },
    },
    async (req) => ok(await groups.updateGroup(deps, authOf(req), req.params.id, req.body)),
  );
  app.post(
    '/groups/join',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'joinGroup',
        summary: 'Join a group with its invite code',
        tags,
        body: ZJoinGroupBodySchema,
        response: responses(ZJoinGroupResponseSchema),
      },
    },
    async (req) => ok(await groups.joinGroup(deps, authOf(req), req.body.inviteCode, req.ip)),
  );
  app.get(
    '/groups/:id',
    {
      onRequest: signedIn,
      schema: { operationId: 'getGroup', summary: 'A group', tags, params: ZIdParamsSchema, response: responses(ZGroupSchema) },
    },
    async (req) => ok(await groups.getGroup(deps, authOf(req), req.params.id)),
  );
  app.post(
    '/groups/:id/invite-code',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'regenerateInviteCode',
        summary: 'Give a group a new invite code',
        tags,
        params: ZIdParamsSchema,
        response: responses(ZGroupSchema),
      },
    },
    async (req) => ok(await groups.regenerateInviteCode(deps, authOf(req), req.params.id)),
  );
  app.get(
    '/groups/:id/members',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'listGroupMembers',
        summary: 'Members of a group',
        tags,
        params: ZIdParamsSchema,
        querystring: ZGroupMembersQuerySchema,
        response: responses(z.array(ZGroupMemberSchema)),
      },
    },
    async (req) => ok(await members.getGroupMembers(deps, authOf(req), req.params.id, req.query.active === '1')),
  );
  app.delete(
    '/groups/:id/members',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'deactivateGroupMembers',
        summary: 'Deactivate every speaker and coach of a group',
        tags,
        params: ZIdParamsSchema,
        response: responses(ZDeactivateMembersResponseSchema),
      },
    },
    async (req) => ok(await members.deactivateGroupMembers(deps, authOf(req), req.params.id)),
  );
  app.get(
    '/groups/:id/shared-recordings',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'listGroupSharedRecordings',
        summary: "What the caller's peers shared with a group they speak in",
        tags,
        params: ZIdParamsSchema,
        response: responses(ZGroupSharedRecordingsSchema),
      },
    },
    async (req) => ok(await listSharedRecordings(deps, authOf(req), req.params.id)),
  );
}
