import { z } from 'zod';
import {
  ZAdminPlanSchema,
  ZBillingSettingsSchema,
  ZCreatePlanBodySchema,
  ZGeneratePrepaidCodesBodySchema,
  ZIdParamsSchema,
  ZLedgerEntrySchema,
  ZLedgerQuerySchema,
  ZPlanIdParamsSchema,
  ZPrepaidBatchSchema,
  ZPrepaidCodeIdParamsSchema,
  ZPrepaidCodeSchema,
  ZCardPaymentStartSchema,
  ZEndAutoRenewResponseSchema,
  ZStartCardPaymentBodySchema,
  ZSubscriptionPageSchema,
  ZUpdateBillingSettingsBodySchema,
  ZUpdatePlanBodySchema,
  ZUpdateSubscriptionBodySchema,
  ZUpdateSubscriptionResponseSchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import * as admin from './billing-admin.service.js';
import { getSubscriptionPage, startCardPayment, updateSubscription } from './subscriptions.service.js';
import { stripeWebhookRoute } from './stripe/stripe-webhook.routes.js';
import { endAutoRenew } from './auto-renew.js';

/**
 * Paid access: the subscription page and its one call (002 sections 2.10 and 7), which a user
 * without an active subscription must reach (no 402 here), and the admin area's plans, prepaid
 * codes and ledger (org admins only).
 */
export function subscriptionsRoutes(app: TZodApp, deps: TDeps) {
  const signedIn = requireAuth(deps);
  const page = ['subscription'];
  const billing = ['admin billing'];
  app.get(
    '/subscription',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getSubscriptionPage',
        summary:
          "The subscription page: offered plans, whether card payment is set up, and the caller's memberships with Renew or Activate",
        tags: page,
        response: responses(ZSubscriptionPageSchema),
      },
    },
    async (req) => ok(await getSubscriptionPage(deps, authOf(req))),
  );
  app.post(
    '/groups/:id/subscription',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updateSubscription',
        summary:
          'Update subscription for a group: planId plus a prepaid accessCode or a card stripeToken; answers the new expiry and the transaction id',
        tags: page,
        params: ZIdParamsSchema,
        body: ZUpdateSubscriptionBodySchema,
        response: responses(ZUpdateSubscriptionResponseSchema),
      },
    },
    async (req) => ok(await updateSubscription(deps, authOf(req), req.params.id, req.body, req.ip)),
  );
  app.post(
    '/groups/:id/subscription/card-payment',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'startCardPayment',
        summary:
          "Start a card payment for a plan and group: a Stripe PaymentIntent priced from the plan (a Stripe subscription for a recurring plan); answers the Payment Element's client secret and publishable key",
        tags: page,
        params: ZIdParamsSchema,
        body: ZStartCardPaymentBodySchema,
        response: responses(ZCardPaymentStartSchema),
      },
    },
    async (req) => ok(await startCardPayment(deps, authOf(req), req.params.id, req.body)),
  );
  app.delete(
    '/groups/:id/subscription/auto-renew',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'endAutoRenew',
        summary:
          "Turn auto-renew off for the caller's recurring card subscription of the group: no further charge, access until the current expiry, no refund",
        tags: page,
        params: ZIdParamsSchema,
        response: responses(ZEndAutoRenewResponseSchema),
      },
    },
    async (req) => ok(await endAutoRenew(deps, authOf(req), req.params.id)),
  );
  stripeWebhookRoute(app, deps);

  app.get(
    '/admin/plans',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listPlans',
        summary: "The organisation's plans, archived ones too, by price descending",
        tags: billing,
        response: responses(z.array(ZAdminPlanSchema)),
      },
    },
    async (req) => ok(await admin.adminListPlans(deps, authOf(req))),
  );
  app.post(
    '/admin/plans',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'createPlan',
        summary: 'Add a plan: price in cents, duration in days',
        tags: billing,
        body: ZCreatePlanBodySchema,
        response: responses(ZAdminPlanSchema),
      },
    },
    async (req) => ok(await admin.adminCreatePlan(deps, authOf(req), req.body)),
  );
  app.patch(
    '/admin/plans/:planId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updatePlan',
        summary: 'Change a plan, or archive it (archived: true) so it is no longer offered',
        tags: billing,
        params: ZPlanIdParamsSchema,
        body: ZUpdatePlanBodySchema,
        response: responses(ZAdminPlanSchema),
      },
    },
    async (req) => ok(await admin.adminUpdatePlan(deps, authOf(req), req.params.planId, req.body)),
  );
  app.post(
    '/admin/plans/:planId/codes',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'generatePrepaidCodes',
        summary: 'Generate a batch of single-use prepaid codes for a plan; the codes (and their CSV) are shown in this answer only',
        tags: billing,
        params: ZPlanIdParamsSchema,
        body: ZGeneratePrepaidCodesBodySchema,
        response: responses(ZPrepaidBatchSchema),
      },
    },
    async (req) => ok(await admin.generatePrepaidCodes(deps, authOf(req), req.params.planId, req.body)),
  );
  app.get(
    '/admin/prepaid-codes',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listPrepaidCodes',
        summary: "The organisation's prepaid codes, masked, newest first, with who redeemed them and when",
        tags: billing,
        response: responses(z.array(ZPrepaidCodeSchema)),
      },
    },
    async (req) => ok(await admin.adminListPrepaidCodes(deps, authOf(req))),
  );
  app.post(
    '/admin/prepaid-codes/:codeId/void',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'voidPrepaidCode',
        summary: 'Void an unused prepaid code',
        tags: billing,
        params: ZPrepaidCodeIdParamsSchema,
        response: responses(z.object({ voidedDate: z.iso.datetime() })),
      },
    },
    async (req) => ok(await admin.adminVoidPrepaidCode(deps, authOf(req), req.params.codeId)),
  );
  app.get(
    '/admin/billing-settings',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getBillingSettings',
        summary:
          "The organisation's payment methods: couponOnly (prepaid codes only), and whether card payment is configured on the server",
        tags: billing,
        response: responses(ZBillingSettingsSchema),
      },
    },
    async (req) => ok(await admin.adminGetBillingSettings(deps, authOf(req))),
  );
  app.patch(
    '/admin/billing-settings',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updateBillingSettings',
        summary: 'Set the payment methods: couponOnly true takes prepaid codes only (no card payments)',
        tags: billing,
        body: ZUpdateBillingSettingsBodySchema,
        response: responses(ZBillingSettingsSchema),
      },
    },
    async (req) => ok(await admin.adminUpdateBillingSettings(deps, authOf(req), req.body)),
  );
  app.get(
    '/admin/ledger',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listLedger',
        summary: 'Payments and redemptions of the organisation, newest first',
        tags: billing,
        querystring: ZLedgerQuerySchema,
        response: responses(z.array(ZLedgerEntrySchema)),
      },
    },
    async (req) => ok(await admin.adminListLedger(deps, authOf(req), req.query)),
  );
}
