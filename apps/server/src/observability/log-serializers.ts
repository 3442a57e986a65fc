import type { FastifyRequest } from 'fastify';
import { scrubUrl } from './error-reporting.js';

/**
 * The request log's view of a request: Fastify's own, with the secrets of the query filtered
 * (sign-in keys, reset tokens, a partner hub's code and state arrive in page addresses).
 */
export const logSerializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: scrubUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
  }),
};
