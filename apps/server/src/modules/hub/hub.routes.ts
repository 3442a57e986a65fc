import {
  API_PREFIX,
  ZHubAuthorizeBodySchema,
  ZHubAuthorizeResponseSchema,
  ZHubLoginBodySchema,
  ZHubLoginResponseSchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { ok, responses, type TZodApp } from '../../http/route-kit.js';
import { newSecret } from '../../auth/keys.js';
import { bindingCookie, readBinding } from './hub-cookie.js';
import { finishHubSignIn, HUB_SIGN_IN_MINUTES, startHubSignIn } from './hub.service.js';

const tags = ['auth'];

/** Sign-in through a partner hub (000 sections 2.5, 4 and 7; "btc" is the spec's path). */
export function hubRoutes(app: TZodApp, deps: TDeps) {
  const secure = deps.config.publicUrl.startsWith('https:');
  const cookiePath = `${API_PREFIX}/btc`;

  app.post(
    '/btc/authorize',
    {
      schema: {
        operationId: 'startHubSignIn',
        summary: "Start a hub sign-in: the hub's authorisation page, bound to this browser by an httpOnly cookie",
        tags,
        body: ZHubAuthorizeBodySchema,
        response: responses(ZHubAuthorizeResponseSchema),
      },
    },
    async (req, reply) => {
      // One binding per browser, so sign-ins started in two tabs both finish.
      const binding = readBinding(req.headers.cookie) ?? newSecret();
      const data = await startHubSignIn(deps, binding, req.body.next, req.ip, req.log);
      reply.header('set-cookie', bindingCookie(binding, { path: cookiePath, secure, maxAgeSeconds: HUB_SIGN_IN_MINUTES * 60 }));
      reply.header('cache-control', 'no-store');
      return ok(data);
    },
  );

  app.post(
    '/btc/login',
    {
      schema: {
        operationId: 'hubLogin',
        summary: "Finish a hub sign-in: exchange the hub's code for a one-hour sign-in key",
        tags,
        body: ZHubLoginBodySchema,
        response: responses(ZHubLoginResponseSchema),
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await finishHubSignIn(deps, readBinding(req.headers.cookie), req.body, req.log));
    },
  );
}
