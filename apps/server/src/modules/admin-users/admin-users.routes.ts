import { z } from 'zod';
import {
  ZAdminInviteSchema,
  ZAdminUserListQuerySchema,
  ZAdminUserListSchema,
  ZAdminUserRolesSchema,
  ZBulkInviteBodySchema,
  ZBulkInviteResultSchema,
  ZCreateInviteBodySchema,
  ZEmptySchema,
  ZIdParamsSchema,
  ZResendInviteBodySchema,
  ZUpdateUserRolesBodySchema,
  ZUserIdParamsSchema,
  ZAccountDeletionResultSchema,
  ZDeleteUserBodySchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import * as adminUsers from './admin-users.service.js';
import * as adminInvites from './admin-invites.service.js';
import { createBulkInvites } from './bulk-invites.service.js';
import { deleteUserByAdmin } from '../account-deletion/index.js';

/**
 * The admin area's users, roles and invites (000 sections 2.11 and 7): org admins only; bulk
 * speaker invites also for the group's coaches.
 */
export function adminUsersRoutes(app: TZodApp, deps: TDeps) {
  const signedIn = requireAuth(deps);
  const users = ['admin users'];
  app.get(
    '/users',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listUsers',
        summary: "Search the organisation's users",
        tags: users,
        querystring: ZAdminUserListQuerySchema,
        response: responses(ZAdminUserListSchema),
      },
    },
    async (req) => ok(await adminUsers.listUsers(deps, authOf(req), req.query.search)),
  );
  app.get(
    '/users/:userId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getUser',
        summary: 'A user with their memberships',
        tags: users,
        params: ZUserIdParamsSchema,
        response: responses(ZAdminUserRolesSchema),
      },
    },
    async (req) => ok(await adminUsers.getUserRoles(deps, authOf(req), req.params.userId)),
  );
  app.put(
    '/users/:userId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updateUserRoles',
        summary: "Set a user's roles per group and at org level",
        tags: users,
        params: ZUserIdParamsSchema,
        body: ZUpdateUserRolesBodySchema,
        response: responses(ZAdminUserRolesSchema),
      },
    },
    async (req) => ok(await adminUsers.updateUserRoles(deps, authOf(req), req.params.userId, req.body)),
  );
  app.post(
    '/users/:userId/delete',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'deleteUser',
        summary: "Delete a member's account on their request (org admins)",
        description:
          "Confirmed by `confirmation` DELETE and the admin's own password; the same removal as POST me/delete (issue 42 item 8). " +
          "Not for the caller's own account (400); 409 account.last_admin when the user is the last admin.",
        tags: users,
        params: ZUserIdParamsSchema,
        body: ZDeleteUserBodySchema,
        response: responses(ZAccountDeletionResultSchema),
      },
    },
    async (req) => ok(await deleteUserByAdmin(deps, authOf(req), req.params.userId, req.body)),
  );

  const invites = ['admin invites'];
  app.get(
    '/invites',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listInvites',
        summary: 'Pending coach invites',
        tags: invites,
        response: responses(z.array(ZAdminInviteSchema)),
      },
    },
    async (req) => ok(await adminInvites.listInvites(deps, authOf(req))),
  );
  app.post(
    '/invites',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'createInvite',
        summary: 'Invite a coach by email',
        tags: invites,
        body: ZCreateInviteBodySchema,
        response: responses(ZAdminInviteSchema),
      },
    },
    async (req) => ok(await adminInvites.createInvite(deps, authOf(req), req.body)),
  );
  app.post(
    '/invites/bulk',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'createBulkInvites',
        summary: 'Invite speakers to a group by email, up to 200 at once',
        description:
          "For the group's coaches and org admins. Each new address gets an invite as speaker of the group and its email; " +
          'rows that cannot be invited (a bad address, a repeat, a member or coach of the group, an invite pending, ' +
          'an account of the organisation) come back skipped with their reason. 402 seats.limit_reached, with nothing ' +
          'sent, when the new invites need more speaker seats than are free.',
        tags: invites,
        body: ZBulkInviteBodySchema,
        response: responses(ZBulkInviteResultSchema),
      },
    },
    async (req) => ok(await createBulkInvites(deps, authOf(req), req.body)),
  );
  app.put(
    '/invites/:id',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'resendInvite',
        summary: 'Send an invite again',
        tags: invites,
        params: ZIdParamsSchema,
        body: ZResendInviteBodySchema,
        response: responses(ZAdminInviteSchema),
      },
    },
    async (req) => ok(await adminInvites.resendInvite(deps, authOf(req), req.params.id)),
  );
  app.delete(
    '/invites/:id',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'deleteInvite',
        summary: 'Delete a pending invite',
        tags: invites,
        params: ZIdParamsSchema,
        response: responses(ZEmptySchema),
      },
    },
    async (req) => {
      await adminInvites.removeInvite(deps, authOf(req), req.params.id);
      return ok({});
    },
  );
}
