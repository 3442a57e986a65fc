import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { operations } from '../../api/operations.gen';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ERROR_CODES, type TRecording, type TRecordingWordspotting } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { ApiError, withId } from '../../api/http-client';
import { notifications } from '../../app/notification-store';
import { GROUP_LIST, ORG_LIST, RECORDING_ID, recordingWith } from './results-fixtures';
import { WordListNotice } from './word-list-notice';

// 002 section 2.9: a recording keeps the list it was analysed with; when the list a new analysis
// would use differs, those who may re-analyse are offered it, and see its progress until the new
// results replace the old ones.

/** The notice fed from the cached recording, as on the results page. */
function Harness() {
  const { data } = useQuery<TRecording>({ queryKey: queryKeys.recording(RECORDING_ID), queryFn: () => new Promise(() => {}) });
  return data ? <WordListNotice recording={data} /> : null;
}

function setup(ws: Partial<TRecordingWordspotting>) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
  queryClient.setQueryData(queryKeys.recording(RECORDING_ID), recordingWith(ws));
  render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  const update = (next: Partial<TRecordingWordspotting>) =>
    act(() => {
      queryClient.setQueryData(queryKeys.recording(RECORDING_ID), recordingWith(next));
    });
  return { queryClient, update };
}

afterEach(() => vi.restoreAllMocks());

const offerButton = () => screen.queryByRole('button', { name: 'Re-analyse with the current list' });

describe('WordListNotice', () => {
  it('offers re-analysis with the new list and its phrases when the list changed and the viewer may re-analyse', () => {
    setup({ current: GROUP_LIST, canReanalyze: true });
    expect(screen.getByRole('heading', { name: 'The word list has changed since this recording was analysed' })).toBeTruthy();
    expect(screen.getByTestId('reanalysis-offer').textContent).toContain('Now: Group list (Sales Team) (uh/um, so, basically)');
    expect(offerButton()).toBeTruthy();
  });

  it('offers nothing when the list has not changed', () => {
    setup({ current: null, canReanalyze: true });
    expect(screen.queryByTestId('reanalysis-offer')).toBeNull();
    expect(offerButton()).toBeNull();
  });

  it('offers nothing to a viewer who may not re-analyse', () => {
    setup({ current: GROUP_LIST, canReanalyze: false });
    expect(screen.queryByTestId('reanalysis-offer')).toBeNull();
  });

  it('starts the re-analysis, shows its progress with the new list, then says the results are updated', async () => {
    const success = vi.spyOn(notifications, 'success').mockImplementation(() => {});
    const post = vi
      .spyOn(operations, 'reanalyzeRecording')
      .mockResolvedValue(recordingWith({ used: ORG_LIST, current: null, reanalyzing: true, canReanalyze: false }));
    const { update } = setup({ current: GROUP_LIST, canReanalyze: true });
    await userEvent.click(offerButton()!);
    expect(post).toHaveBeenCalledWith(withId(RECORDING_ID));
    expect((await screen.findByTestId('reanalysis-progress')).textContent).toContain(
      'Re-analysing with Group list (Sales Team); these results stay until the new ones are ready.',
    );
    expect(screen.getByRole('status').textContent).toContain('Re-analysing with Group list (Sales Team)');
    expect(offerButton()).toBeNull();
    expect(success).not.toHaveBeenCalled();
    update({ used: GROUP_LIST, current: null, reanalyzing: false, canReanalyze: true });
    await waitFor(() => expect(screen.queryByTestId('reanalysis-progress')).toBeNull());
    expect(success).toHaveBeenCalledWith('Results updated', 'Counted with: Group list (Sales Team)');
  });

  it('a re-analysis already running (page opened meanwhile) shows its progress without the list', () => {
    setup({ current: null, reanalyzing: true, canReanalyze: false });
    expect(screen.getByTestId('reanalysis-progress').textContent).toContain('Re-analysing with the current word list');
  });

  it("shows the server's message when a re-analysis is already running, and refetches the recording", async () => {
    vi.spyOn(operations, 'reanalyzeRecording').mockRejectedValue(
      new ApiError(409, 'This recording is being analysed. Please wait until it is done.', true, ERROR_CODES.recordingBusy),
    );
    const { queryClient } = setup({ current: GROUP_LIST, canReanalyze: true });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.click(offerButton()!);
    expect((await screen.findByRole('alert')).textContent).toBe('This recording is being analysed. Please wait until it is done.');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.recording(RECORDING_ID) });
  });
});
