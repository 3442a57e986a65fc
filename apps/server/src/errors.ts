import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { defaultErrorCode, ERROR_CODES, MSG, type TErrorCode } from '@rostrum/contract';
import { reportRequestError } from './observability/error-reporting.js';

/** An error with an HTTP status, a message fit for the user and a stable code (ERROR_CODES). */
export class HttpError extends Error {
  readonly code: TErrorCode;
  constructor(
    readonly status: number,
    message: string,
    code?: TErrorCode,
  ) {
    super(message);
    this.code = code ?? defaultErrorCode(status);
  }
}

// Without a code, each helper answers its status's generic code (defaultErrorCode).
export const badRequest = (m: string, code?: TErrorCode) => new HttpError(400, m, code);
export const unauthorized = (m: string = MSG.notSignedIn, code?: TErrorCode) => new HttpError(401, m, code);
export const forbidden = (m: string = MSG.forbidden, code?: TErrorCode) => new HttpError(403, m, code);
export const notFound = (m: string = MSG.notFound, code?: TErrorCode) => new HttpError(404, m, code);
export const conflict = (m: string, code?: TErrorCode) => new HttpError(409, m, code);

/** The API's error body: one item. */
export const errorBody = (status: number, message: string, code: TErrorCode = defaultErrorCode(status)) => ({
  errors: [{ message, status, code }],
});

/** Every failure leaves as {errors: [{message, status, code}]}; 5xx details stay in the log. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.status).send(errorBody(err.status, err.message, err.code));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const messages = err.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return field ? `${field}: ${v.message}` : v.message;
      });
      return reply.status(400).send({ errors: messages.map((message) => ({ message, status: 400, code: ERROR_CODES.requestInvalid })) });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, clientMessage(err)));
    }
    req.log.error({ err }, 'request failed');
    reportRequestError(err, req);
    return reply.status(500).send(errorBody(500, MSG.serverError, ERROR_CODES.serverError));
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
