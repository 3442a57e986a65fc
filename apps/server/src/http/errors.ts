import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@rostrum/contract';
import { reportRequestError } from '../observability/error-reporting.js';

/** An error with an HTTP status and a message fit for the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (m: string) => new HttpError(400, m);
export const unauthorized = (m: string = MSG.notSignedIn) => new HttpError(401, m);
export const forbidden = (m: string = MSG.forbidden) => new HttpError(403, m);
export const notFound = (m: string = MSG.notFound) => new HttpError(404, m);
export const conflict = (m: string) => new HttpError(409, m);

const body = (status: number, message: string) => ({ errors: [{ message, status }] });

/** Every failure leaves as {errors: [{message, status}]}; 5xx details stay in the log. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) return reply.status(err.status).send(body(err.status, err.message));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const messages = err.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return field ? `${field}: ${v.message}` : v.message;
      });
      return reply.status(400).send({ errors: messages.map((message) => ({ message, status: 400 })) });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(status, clientMessage(err)));
    }
    req.log.error({ err }, 'request failed');
    reportRequestError(err, req);
    return reply.status(500).send(body(500, MSG.serverError));
  });
}

function clientMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return err.message;
  }
}
