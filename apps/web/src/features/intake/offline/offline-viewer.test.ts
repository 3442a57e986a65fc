import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TMeResponse } from '@rostrum/contract';
import { queryKeys } from '../../../api/rostrum-api';
import { sessionStore } from '../../../app/session-store';
import { OFFLINE_ME_KEY, keepViewerForOffline, sessionFingerprint } from './offline-viewer';

const ME = { user: { userId: 'user-ann' } } as unknown as TMeResponse;

function signIn(apiKey: string) {
  sessionStore.signIn({ apiKey, orgCode: 'NW', expires: new Date(Date.now() + 3_600_000).toISOString() });
}

beforeEach(() => {
  localStorage.clear();
  sessionStore.init(false);
});
afterEach(() => sessionStore.signOut());

describe('keepViewerForOffline', () => {
  it('keeps each GET me answer of the session and, started offline, uses it', () => {
    signIn('key-1');
    const online = new QueryClient();
    keepViewerForOffline(online, true);
    online.setQueryData(queryKeys.me, ME);
    expect(JSON.parse(localStorage.getItem(OFFLINE_ME_KEY) ?? '{}').me).toEqual(ME);

    const offline = new QueryClient();
    keepViewerForOffline(offline, false);
    expect(offline.getQueryData(queryKeys.me)).toEqual(ME);
  });

  it('is not used online, for another session, or after sign-out', () => {
    signIn('key-1');
    localStorage.setItem(OFFLINE_ME_KEY, JSON.stringify({ session: sessionFingerprint('NW-key-1'), me: ME }));
    const online = new QueryClient();
    keepViewerForOffline(online, true);
    expect(online.getQueryData(queryKeys.me)).toBeUndefined();

    signIn('key-2');
    const other = new QueryClient();
    keepViewerForOffline(other, false);
    expect(other.getQueryData(queryKeys.me)).toBeUndefined();

    sessionStore.signOut();
    expect(localStorage.getItem(OFFLINE_ME_KEY)).toBeNull();
  });
});
