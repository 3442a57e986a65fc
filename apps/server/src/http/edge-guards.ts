import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { defaultErrorCode } from '@rostrum/contract';

// Guards at the edge of the API, before any handler runs. They hold for every route, including
// ones added later, so no route has to remember them.

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';

/**
 * The path of the first string or key holding U+0000, or null. PostgreSQL refuses NUL in text
 * and jsonb, so such input would fail deep inside a query instead of as a clear 400.
 */
export function findNulPath(value: unknown, at = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at || '(value)' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulPath(value[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const path = at ? `${at}.${key}` : key;
      if (key.includes('\u0000')) return path;
      const found = findNulPath(v, path);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The zod validator compiler with one rule in front: no NUL anywhere in the body, query,
 * params or headers. Every schema of every route is compiled through here.
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<FastifySchema> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    const nulAt = findNulPath(data);
    if (nulAt) return { error: new Error(`${nulAt}: ${NUL_MESSAGE}`) };
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
