import { z } from 'zod';
import {
  ZEmailPreferencesSchema,
  ZEmailSettingsSchema,
  ZMeResponseSchema,
  ZOrgSchema,
  ZPreferencesSchema,
  ZUpdateMeBodySchema,
  ZUnsubscribeBodySchema,
  ZAccessRemindersSchema,
  ZUpdatePreferencesBodySchema,
  ZUserSchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import * as me from './me.service.js';

export function meRoutes(app: TZodApp, deps: TDeps) {
  const signedIn = requireAuth(deps);
  const tags = ['me'];
  app.get(
    '/me',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getMe',
        summary: 'The signed-in user with organisation and groups',
        tags,
        response: responses(ZMeResponseSchema),
      },
    },
    async (req) => ok(await me.getMe(deps, authOf(req))),
  );
  app.put(
    '/me',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updateMe',
        summary: 'Update the profile or change the email',
        tags,
        body: ZUpdateMeBodySchema,
        response: responses(ZUserSchema),
      },
    },
    async (req) => ok(await me.updateMe(deps, authOf(req), req.body)),
  );
  app.put(
    '/me/preferences',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updatePreferences',
        summary: 'Merge UI preferences',
        tags,
        body: ZUpdatePreferencesBodySchema,
        response: responses(ZPreferencesSchema),
      },
    },
    async (req) => ok(await me.updatePreferences(deps, authOf(req), req.body)),
  );
  app.get(
    '/email-preferences',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getEmailSettings',
        summary: 'The six email notification switches and the settings-page sections that offer them',
        tags,
        response: responses(ZEmailSettingsSchema),
      },
    },
    async (req) => ok(await me.getEmailSettings(deps, authOf(req))),
  );
  app.put(
    '/email-preferences',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updateEmailPreferences',
        summary: 'Set the six email notification switches',
        tags,
        body: ZEmailPreferencesSchema,
        response: responses(ZEmailPreferencesSchema),
      },
    },
    async (req) => ok(await me.updateEmailPreferences(deps, authOf(req), req.body)),
  );
  app.put(
    '/email-preferences/access-reminders',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updateAccessReminders',
        summary: 'Turn the email 7 days before access to a group ends on or off',
        tags,
        body: ZAccessRemindersSchema,
        response: responses(ZAccessRemindersSchema),
      },
    },
    async (req) => ok(await me.updateAccessReminders(deps, authOf(req), req.body)),
  );
  // From an email's link: no sign-in, the code alone identifies the account.
  app.post(
    '/unsubscribe',
    {
      schema: {
        operationId: 'unsubscribe',
        summary: 'Turn every email notification off from an email link',
        tags,
        body: ZUnsubscribeBodySchema,
        response: responses(z.object({})),
      },
    },
    async (req) => {
      await me.unsubscribe(deps, req.body.unsubscribeCode);
      return ok({});
    },
  );
  app.get(
    '/org',
    {
      onRequest: signedIn,
      schema: { operationId: 'getOrg', summary: "The caller's organisation", tags: ['org'], response: responses(ZOrgSchema) },
    },
    async (req) => ok(await me.getOrg(deps, authOf(req))),
  );
}
