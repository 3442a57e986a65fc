import { z } from 'zod';
import type { TDeps } from '../../../deps.js';
import { ok, responses, type TZodApp } from '../../../http/route-kit.js';
import { handleStripeWebhook } from './stripe-webhook.js';

/**
 * POST /payments/stripe/webhook: Stripe's calls, authenticated by their signature (no API key).
 * The signature covers the exact bytes sent, so this route alone keeps JSON bodies raw.
 */
export function stripeWebhookRoute(app: TZodApp, deps: TDeps) {
  app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post(
      '/payments/stripe/webhook',
      {
        schema: {
          operationId: 'stripeWebhook',
          summary:
            "Stripe's webhook (Stripe-Signature checked with STRIPE_WEBHOOK_SECRET): payment_intent.succeeded grants, invoice.paid renews, customer.subscription.deleted ends auto-renew; each event applied once",
          tags: ['subscription'],
          security: [],
          response: responses(z.object({ received: z.boolean(), outcome: z.string() })),
        },
      },
      async (req) => {
        const body = Buffer.isBuffer(req.body) ? req.body : undefined;
        const sig = req.headers['stripe-signature'];
        return ok(await handleStripeWebhook(deps, req.log, body, typeof sig === 'string' ? sig : undefined));
      },
    );
  });
}
