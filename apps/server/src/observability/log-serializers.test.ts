import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { logSerializers } from './log-serializers.js';

describe('the request log', () => {
  it('filters the secrets of page addresses: a hub’s code and state, sign-in keys, reset tokens', () => {
    const req = {
      method: 'GET',
      url: '/btc/sign-in?code=hub-code-123&state=st4te&iss=http%3A%2F%2Fhub&x=1',
      host: 'rostrum.test',
      ip: '10.0.0.1',
    } as FastifyRequest;
    const logged = logSerializers.req(req);
    expect(logged).toEqual({
      method: 'GET',
      url: '/btc/sign-in?code=%5BFiltered%5D&state=%5BFiltered%5D&iss=http%3A%2F%2Fhub&x=1',
      host: 'rostrum.test',
      remoteAddress: '10.0.0.1',
    });
    expect(logSerializers.req({ ...req, url: '/sign-in?key=org-secret&next=/profile' } as FastifyRequest).url).not.toContain('secret');
    expect(logSerializers.req({ ...req, url: '/password/reset?email=a%40b&token=t0k' } as FastifyRequest).url).not.toContain('t0k');
  });
});

describe('database errors in the log', () => {
  it('keep the statement and the error code, never the values a user sent', () => {
    const secret = 'private-words@example.test';
    const pgError = Object.assign(new Error(`invalid input syntax for type json: "${secret}"`), {
      code: '22P02',
      detail: `Token "${secret}" is invalid.`,
      constraint: undefined,
      routine: 'json_errsave_error',
    });
    const err = new DrizzleQueryError('update "users" set "preferences" = $1 where "users"."id" = $2', [secret, 'u-1'], pgError);
    const logged = logSerializers.err(err);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('u-1');
    expect(logged).toMatchObject({
      type: 'DatabaseQueryError',
      message: 'Failed query: update "users" set "preferences" = $1 where "users"."id" = $2',
      query: 'update "users" set "preferences" = $1 where "users"."id" = $2',
      code: '22P02',
      routine: 'json_errsave_error',
    });
    expect(String(logged.stack)).toMatch(/^DatabaseQueryError: Failed query: update/);
    // Other errors are logged as pino logs them.
    expect(logSerializers.err(new Error('plain'))).toMatchObject({ type: 'Error', message: 'plain' });
  });
});
