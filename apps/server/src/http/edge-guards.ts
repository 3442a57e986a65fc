import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { defaultErrorCode } from '@rostrum/contract';

// Guards at the edge of the API, before any handler runs. They hold for every route, including
// ones added later, so no route has to remember them.

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';
export const SURROGATE_MESSAGE = 'Text must not contain an unpaired UTF-16 surrogate (\\ud800 to \\udfff alone)';

/** String.prototype.isWellFormed (ES2024; Node 22 has it, the ES2022 types this build uses do not). */
const isWellFormed = (s: string): boolean => (s as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * What is wrong with one string, or null. PostgreSQL refuses NUL in text and jsonb, and an
 * unpaired surrogate (a JSON body's "\ud800") is not text at all: jsonb refuses its escape, and
 * a text column would silently store U+FFFD instead. Either would fail deep inside a query, or
 * change what was sent, instead of answering a clear 400.
 */
function textProblem(s: string): string | null {
  if (s.includes('\u0000')) return NUL_MESSAGE;
  return isWellFormed(s) ? null : SURROGATE_MESSAGE;
}

/** The path and the problem of the first string or key that PostgreSQL cannot store as sent, or null. */
export function findUnsafeText(value: unknown, at = ''): { path: string; message: string } | null {
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? { path: at || '(value)', message } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const path = at ? `${at}.${key}` : key;
      const message = textProblem(key);
      if (message) return { path, message };
      const found = findUnsafeText(v, path);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The zod validator compiler with one rule in front: no NUL and no unpaired surrogate anywhere in
 * the body, query, params or headers. Every schema of every route is compiled through here.
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<FastifySchema> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    const unsafe = findUnsafeText(data);
    if (unsafe) return { error: new Error(`${unsafe.path}: ${unsafe.message}`) };
    return validate(data);
  };
};

/** The API's error shape; every edge answer is generic (request.invalid, .uri_too_long, .headers_too_large, .timeout). */
const errorBody = (status: number, message: string) => JSON.stringify({ errors: [{ message, status, code: defaultErrorCode(status) }] });

/** Router-level failures (a URL that cannot be decoded, a path segment over the length limit). */
export function frameworkErrors(err: Error & { statusCode?: number }, _req: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  const message = status === 414 ? 'The address is too long' : 'The address is not valid';
  void reply.status(status).type('application/json').send(errorBody(status, message));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, malformed
 * requests, timeouts) also answer in the API's error shape.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let message = 'The request could not be read';
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    message = 'The request headers are too large';
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    message = 'The request took too long';
  }
  const body = errorBody(status, message);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
