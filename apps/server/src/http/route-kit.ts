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

/**
 * onRequest hook that resolves the bearer key into request.auth (401 otherwise). It runs before
 * the body is parsed and validated, so an anonymous caller learns nothing about the fields.
 */
export function requireAuth(deps: TDeps) {
  return async (req: FastifyRequest) => {
    req.auth = await authenticate(deps.db, req);
  };
}

export const ok = <T>(data: T) => ({ data });
