import { z } from 'zod';
import {
  ZInviteCheckBodySchema,
  ZInviteCheckResponseSchema,
  ZPasswordForgotBodySchema,
  ZPasswordResetBodySchema,
  ZPasswordUpdateBodySchema,
  ZSignInBodySchema,
  ZSignInKeyBodySchema,
  ZSignInKeyPeekResponseSchema,
  ZSignInResponseSchema,
  ZSignUpBodySchema,
  ZSignUpResponseSchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import * as auth from './auth.service.js';

const tags = ['auth'];
const empty = z.object({});

export function authRoutes(app: TZodApp, deps: TDeps) {
  app.post(
    '/auth/sign-in',
    {
      schema: {
        operationId: 'signIn',
        summary: 'Sign in with email and password',
        tags,
        body: ZSignInBodySchema,
        response: responses(ZSignInResponseSchema),
      },
    },
    async (req) => ok(await auth.signIn(deps, req.body, req.ip)),
  );

  app.post(
    '/auth/sign-in/key',
    {
      schema: {
        operationId: 'signInWithKey',
        summary: 'Exchange a one-hour sign-in key for a session',
        tags,
        body: ZSignInKeyBodySchema,
        response: responses(ZSignInResponseSchema),
      },
    },
    async (req) => ok(await auth.signInWithKey(deps, req.body.key)),
  );

  app.post(
    '/auth/sign-in/key/peek',
    {
      schema: {
        operationId: 'peekSignInKey',
        summary: 'Whose account a sign-in key opens, without using it',
        tags,
        body: ZSignInKeyBodySchema,
        response: responses(ZSignInKeyPeekResponseSchema),
      },
    },
    async (req) => ok(await auth.peekSignInKey(deps, req.body.key)),
  );

  app.post(
    '/auth/sign-out',
    {
      schema: { operationId: 'signOut', summary: 'Sign out (revoke the key used)', tags, response: responses(empty) },
      onRequest: requireAuth(deps),
    },
    async (req) => {
      await auth.signOut(deps, authOf(req));
      return ok({});
    },
  );

  app.post(
    '/auth/sign-up/invite',
    {
      schema: {
        operationId: 'checkInvite',
        summary: 'Check an invite code or invite before sign-up',
        tags,
        body: ZInviteCheckBodySchema,
        response: responses(ZInviteCheckResponseSchema),
      },
    },
    async (req) => ok(await auth.checkInvite(deps, req.body, req.ip)),
  );

  app.post(
    '/auth/sign-up',
    {
      schema: {
        operationId: 'signUp',
        summary: 'Create an account from an invite',
        tags,
        body: ZSignUpBodySchema,
        response: responses(ZSignUpResponseSchema),
      },
    },
    async (req) => ok(await auth.signUp(deps, req.body, req.ip)),
  );

  app.post(
    '/auth/password/forgot',
    {
      schema: {
        operationId: 'forgotPassword',
        summary: 'Email a password reset link',
        tags,
        body: ZPasswordForgotBodySchema,
        response: responses(empty),
      },
    },
    async (req) => {
      await auth.forgotPassword(deps, req.body.email, req.ip);
      return ok({});
    },
  );

  app.post(
    '/auth/password/reset',
    {
      schema: {
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset link',
        tags,
        body: ZPasswordResetBodySchema,
        response: responses(empty),
      },
    },
    async (req) => {
      await auth.resetPassword(deps, req.body);
      return ok({});
    },
  );

  app.post(
    '/auth/password/update',
    {
      schema: {
        operationId: 'updatePassword',
        summary: 'Change the password of the signed-in user',
        tags,
        body: ZPasswordUpdateBodySchema,
        response: responses(empty),
      },
      onRequest: requireAuth(deps),
    },
    async (req) => {
      await auth.updatePassword(deps, authOf(req), req.body);
      return ok({});
    },
  );
}
