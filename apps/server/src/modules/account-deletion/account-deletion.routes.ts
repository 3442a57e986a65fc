import { ZAccountDeletionResultSchema, ZDeleteMyAccountBodySchema } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { deleteMyAccount } from './account-deletion.service.js';

/**
 * POST me/delete (not DELETE me): the call carries the password and the typed confirmation, and
 * the spec's client resolves a failed DELETE to an empty object (000 section 7), which would hide
 * "wrong password" from the form; a POST's error reaches it.
 */
export function accountDeletionRoutes(app: TZodApp, deps: TDeps) {
  const signedIn = requireAuth(deps);
  app.post(
    '/me/delete',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'deleteMyAccount',
        summary: 'Delete my account',
        description:
          'Confirmed by `confirmation` DELETE and the current password (an account that signs in through a partner hub may ' +
          'leave the password out within 10 minutes of signing in). Removes the recordings and their files, the feedback ' +
          'received, sessions and keys; comments and scores written on others\' recordings stay, shown as from "Former member". ' +
          '409 account.last_admin for the last org admin while other members remain.',
        tags: ['me'],
        body: ZDeleteMyAccountBodySchema,
        response: responses(ZAccountDeletionResultSchema),
      },
    },
    async (req) => ok(await deleteMyAccount(deps, authOf(req), req.body)),
  );
}
