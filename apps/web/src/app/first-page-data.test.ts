import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRecording } from '@rostrum/contract';
import { queryKeys } from '../api/rostrum-api';
import { operations } from '../api/operations.gen';
import { idsSentTo } from '../test/operations';
import { prefetchFirstPage } from './first-page-data';
import { sessionStore } from './session-store';

const ID = '0b6e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';

function setup(signedIn: boolean) {
  if (signedIn) sessionStore.signIn({ apiKey: 'k', orgCode: 'org', expires: new Date(Date.now() + 3_600_000).toISOString() });
  else sessionStore.signOut();
  const me = vi.spyOn(operations, 'getMe').mockResolvedValue({ user: {} } as never);
  const recording = idsSentTo('getRecording', () => ({ recordingId: ID, peaksUrl: null, lanesUrl: null }) as unknown as TRecording);
  return { queryClient: new QueryClient(), me, recording };
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStore.signOut();
});

describe('prefetchFirstPage', () => {
  it('asks for GET me and the recording of a results page at once, into the keys the pages read', async () => {
    const { queryClient, me, recording } = setup(true);
    prefetchFirstPage(queryClient, `/evaluate/${ID}`);
    expect(me).toHaveBeenCalledTimes(1);
    expect(recording).toHaveBeenCalledWith(ID);
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.recording(ID))).toMatchObject({ recordingId: ID }));
    expect(queryClient.getQueryData(queryKeys.me)).toEqual({ user: {} });
  });

  it('asks only for GET me elsewhere, and nothing when signed out', () => {
    const signedIn = setup(true);
    prefetchFirstPage(signedIn.queryClient, '/record');
    expect(signedIn.me).toHaveBeenCalledTimes(1);
    expect(signedIn.recording).not.toHaveBeenCalled();
    vi.restoreAllMocks();

    const signedOut = setup(false);
    prefetchFirstPage(signedOut.queryClient, `/evaluate/${ID}`);
    expect(signedOut.me).not.toHaveBeenCalled();
    expect(signedOut.recording).not.toHaveBeenCalled();
  });
});
