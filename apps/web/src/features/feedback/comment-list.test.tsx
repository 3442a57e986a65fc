import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TFeedback } from '@rostrum/contract';
import { api } from '../../api/rostrum-api';
import { CommentList } from './comment-list';

const RECORDING_ID = '6a1f1b7e-4c53-4b0e-9a55-0a6f2c1d9e11';
const GROUP_ID = '3d4e5f60-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const FEEDBACK_ID = '0b7c5d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';

function comment(over: Partial<TFeedback> = {}): TFeedback {
  return {
    feedbackId: FEEDBACK_ID,
    recordingId: RECORDING_ID,
    groupId: GROUP_ID,
    userId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    name: 'Ada Coach',
    isManager: true,
    kind: 'comment',
    comment: 'Slow down here',
    createdDate: '2026-11-23T10:00:00.000Z',
    regionStart: null,
    regionEnd: null,
    scoreOverall: null,
    scoreOrganization: null,
    scoreDelivery: null,
    scoreXfactor: null,
    isMine: true,
    responses: [],
    responseId: null,
    ...over,
  };
}

async function edit(item: TFeedback, text: string) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <CommentList recordingId={RECORDING_ID} items={[item]} />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: /Edit/ }));
  const box = screen.getByLabelText('Edit comment');
  await user.clear(box);
  await user.type(box, text);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

afterEach(() => vi.restoreAllMocks());

describe('editing a comment (PUT feedback/{id}, 001 section 7)', () => {
  it("sends feedbackId, comment, groupId and recordingId: the stored feedback's own", async () => {
    const update = vi.spyOn(api, 'updateFeedback').mockResolvedValue(comment({ comment: 'Slow down a little' }));
    await edit(comment(), ' Slow down a little ');
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({
        feedbackId: FEEDBACK_ID,
        comment: 'Slow down a little',
        groupId: GROUP_ID,
        recordingId: RECORDING_ID,
      }),
    );
  });

  it('leaves groupId out for feedback on a private recording', async () => {
    const update = vi.spyOn(api, 'updateFeedback').mockResolvedValue(comment({ groupId: null }));
    await edit(comment({ groupId: null }), 'Private note');
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({ feedbackId: FEEDBACK_ID, comment: 'Private note', recordingId: RECORDING_ID }),
    );
  });
});
