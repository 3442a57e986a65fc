import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { dataEnvelope, ZApiErrorSchema } from '@rostrum/contract';
import { authenticate } from '../auth/auth-context.js';
import { assertSubscribed } from '../auth/subscription.js';
import type { TDeps } from '../deps.js';

export type TZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Response schemas for a route: its `data` payload plus the shared error shape. */
export function responses<T extends z.ZodType>(data: T) {
  return {
    200: dataEnvelope(data),
    '4xx': ZApiErrorSchema,
    '5xx': ZApiErrorSchema,
  };
}

export interface TAuthOptions {
  /**
   * The call serves only pages that need an active subscription (002 section 2.1): a caller
   * without one (needsSubscription) gets 402 subscription.required, and the web sends them to
   * Subscription. Left off for the calls the subscription, record, join and account pages use.
   */
  subscription?: boolean;
}

/**
 * onRequest hook that resolves the bearer key into request.auth (401 otherwise), then applies the
 * subscription rule when asked (402). It runs before the body is parsed and validated, so a
 * caller turned away learns nothing about the fields.
 */
export function requireAuth(deps: TDeps, opts: TAuthOptions = {}) {
  return async (req: FastifyRequest) => {
    req.auth = await authenticate(deps.db, req);
    if (opts.subscription) await assertSubscribed(deps.db, req.auth);
  };
}

export const ok = <T>(data: T) => ({ data });
