import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_RESPONSES_GLOBAL, earlyKey, takeEarlyResponse } from './early-responses';

const AUTH = 'Bearer org-k1';
const slot = window as unknown as Record<string, unknown>;
const request = (path: string, auth = AUTH, method = 'GET') =>
  new Request(new URL(path, window.location.origin), { method, headers: { Authorization: auth } });

function leave(paths: string[]) {
  slot[EARLY_RESPONSES_GLOBAL] = Object.fromEntries(paths.map((p) => [p, { auth: AUTH, response: Promise.resolve(new Response(p)) }]));
}

afterEach(() => {
  delete slot[EARLY_RESPONSES_GLOBAL];
});

describe('earlyKey', () => {
  it('files an address by path and query whichever way the query was encoded', () => {
    const at = (u: string) => earlyKey(new URL(u, window.location.origin));
    expect(at('/api/v1/recordings/abc?expand=tips,timestamped')).toBe(at('/api/v1/recordings/abc?expand=tips%2Ctimestamped'));
    expect(at('/api/v1/me')).toBe('/api/v1/me');
    expect(at('/api/v1/me?')).toBe('/api/v1/me');
  });
});

describe('takeEarlyResponse', () => {
  it('gives the early answer to the first GET of its address with the same key, once', async () => {
    leave(['/api/v1/me', '/api/v1/recordings/abc']);
    const r = takeEarlyResponse(request('/api/v1/recordings/abc'));
    expect(await (await r)!.text()).toBe('/api/v1/recordings/abc');
    expect(takeEarlyResponse(request('/api/v1/recordings/abc'))).toBeNull();
    expect(takeEarlyResponse(request('/api/v1/me'))).not.toBeNull();
  });

  it('sends to the network another key, another method, another address, or when nothing was asked early', () => {
    expect(takeEarlyResponse(request('/api/v1/me'))).toBeNull();
    leave(['/api/v1/me']);
    expect(takeEarlyResponse(request('/api/v1/me', AUTH, 'POST'))).toBeNull();
    expect(takeEarlyResponse(request('/api/v1/me?x=1'))).toBeNull();
    expect(takeEarlyResponse(request('/api/v1/me', 'Bearer org-k2'))).toBeNull();
    // Taken by the mismatch: a later request with the right key fetches afresh.
    expect(takeEarlyResponse(request('/api/v1/me'))).toBeNull();
  });
});
