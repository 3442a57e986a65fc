import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
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
