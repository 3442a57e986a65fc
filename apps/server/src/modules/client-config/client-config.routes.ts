import { ZClientConfigSchema } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { ok, responses, type TZodApp } from '../../http/route-kit.js';

/**
 * What the web app needs to know of the server's set-up before anyone signs in: where to
 * report browser errors (a DSN is public by design; it only accepts reports), and whether the
 * sign-in page offers sign-in through the partner hub, the support contact, and the thanks page
 * free-trial users are sent to after a URL upload.
 */
export function clientConfigRoutes(app: TZodApp, deps: TDeps) {
  app.get(
    '/client-config',
    {
      schema: {
        operationId: 'getClientConfig',
        summary: 'Settings the web app reads at start',
        tags: ['health'],
        response: responses(ZClientConfigSchema),
      },
    },
    async () =>
      ok({
        errorReporting: deps.config.sentryDsn ? { dsn: deps.config.sentryDsn, environment: deps.config.sentryEnvironment } : null,
        hubSignIn: !!deps.config.hub,
        supportEmail: deps.config.supportEmail ?? null,
        freeTrialThanksUrl: deps.config.freeTrialThanksUrl ?? null,
      }),
  );
}
