import { z } from 'zod';
import {
  ZCreateGroupBodySchema,
  ZDeactivateMembersResponseSchema,
  ZGroupMembersQuerySchema,
  ZUpdateGroupBodySchema,
  ZGroupMemberSchema,
  ZGroupSchema,
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

const ZListQuerySchema = z.object({ scope: z.enum(['mine', 'org']).default('mine') });

export function groupsRoutes(app: TZodApp, deps: TDeps) {
  const signedIn = requireAuth(deps);
  const tags = ['groups'];
  app.get(
    '/groups',
    {
      onRequest: signedIn,
      schema: { tags, querystring: ZListQuerySchema, response: responses(z.union([z.array(ZOrgGroupSchema), z.array(ZGroupSchema)])) },
    },
    async (req) =>
      ok(req.query.scope === 'org' ? await groups.listGroupsOfOrg(deps, authOf(req)) : await groups.listMyGroups(deps, authOf(req))),
  );
  app.post('/groups', { onRequest: signedIn, schema: { tags, body: ZCreateGroupBodySchema, response: responses(ZGroupSchema) } }, async (req) =>
    ok(await groups.createGroup(deps, authOf(req), req.body)),
  );
  app.put('/groups/:id', { onRequest: signedIn, schema: { tags, params: ZIdParamsSchema, body: ZUpdateGroupBodySchema, response: responses(ZGroupSchema) } }, async (req) =>
    ok(await groups.updateGroup(deps, authOf(req), req.params.id, req.body)),
  );
  app.post('/groups/join', { onRequest: signedIn, schema: { tags, body: ZJoinGroupBodySchema, response: responses(ZJoinGroupResponseSchema) } }, async (req) =>
    ok(await groups.joinGroup(deps, authOf(req), req.body.inviteCode, req.ip)),
  );
  app.get('/groups/:id', { onRequest: signedIn, schema: { tags, params: ZIdParamsSchema, response: responses(ZGroupSchema) } }, async (req) =>
    ok(await groups.getGroup(deps, authOf(req), req.params.id)),
  );
  app.post(
    '/groups/:id/invite-code',
    { onRequest: signedIn, schema: { tags, params: ZIdParamsSchema, response: responses(ZGroupSchema) } },
    async (req) => ok(await groups.regenerateInviteCode(deps, authOf(req), req.params.id)),
  );
  app.get(
    '/groups/:id/members',
    { onRequest: signedIn, schema: { tags, params: ZIdParamsSchema, querystring: ZGroupMembersQuerySchema, response: responses(z.array(ZGroupMemberSchema)) } },
    async (req) => ok(await members.getGroupMembers(deps, authOf(req), req.params.id, req.query.active === '1')),
  );
  app.delete(
    '/groups/:id/members',
    { onRequest: signedIn, schema: { tags, params: ZIdParamsSchema, response: responses(ZDeactivateMembersResponseSchema) } },
    async (req) => ok(await members.deactivateGroupMembers(deps, authOf(req), req.params.id)),
  );
}
