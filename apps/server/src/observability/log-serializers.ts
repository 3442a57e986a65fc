import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';
import { withoutQueryValues } from './database-errors.js';
import { scrubUrl } from './error-reporting.js';

/**
 * The request log's view of a request: Fastify's own, with the secrets of the query filtered
 * (sign-in keys, reset tokens, a partner hub's code and state arrive in page addresses). Errors
 * as pino logs them, but a failed query without the values it was sent (withoutQueryValues).
 */
export const logSerializers = {
  err: (err: Error) => stdSerializers.err(withoutQueryValues(err) as Error),
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: scrubUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
  }),
};
