import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { operations } from '../../api/operations.gen';
import { sent } from '../../test/operations';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FEEDBACK_MSG, type TFeedback } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
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
    const update = vi.spyOn(operations, 'updateFeedback').mockResolvedValue(comment({ comment: 'Slow down a little' }));
    await edit(comment(), ' Slow down a little ');
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        sent(
          {
            feedbackId: FEEDBACK_ID,
            comment: 'Slow down a little',
            groupId: GROUP_ID,
            recordingId: RECORDING_ID,
          },
          FEEDBACK_ID,
        ),
      ),
    );
  });

  it('leaves groupId out for feedback on a private recording', async () => {
    const update = vi.spyOn(operations, 'updateFeedback').mockResolvedValue(comment({ groupId: null }));
    await edit(comment({ groupId: null }), 'Private note');
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        sent({ feedbackId: FEEDBACK_ID, comment: 'Private note', recordingId: RECORDING_ID }, FEEDBACK_ID),
      ),
    );
  });
});

describe('the edit form (the comment by ZUpdateFeedbackBodySchema)', () => {
  it('asks for the comment on Save when only spaces are left, sends nothing and leaves the focus on Save', async () => {
    const update = vi.spyOn(operations, 'updateFeedback');
    await edit(comment(), '   ');
    expect((await screen.findByRole('alert')).textContent).toBe(FEEDBACK_MSG.commentRequired);
    const box = screen.getByLabelText('Edit comment');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    expect(update).not.toHaveBeenCalled();
  });

  it('keeps the message while the user types, until the next Save', async () => {
    vi.spyOn(operations, 'updateFeedback').mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    await edit(comment(), ' ');
    await screen.findByRole('alert');
    await user.type(screen.getByLabelText('Edit comment'), 'Better');
    expect(screen.getByRole('alert').textContent).toBe(FEEDBACK_MSG.commentRequired);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it("shows a failed save under the text: the server's message, or the fallback", async () => {
    const update = vi.spyOn(operations, 'updateFeedback').mockRejectedValueOnce(new ApiError(403, 'You cannot edit this comment', true));
    await edit(comment(), 'Slow down a little');
    expect((await screen.findByRole('alert')).textContent).toBe('You cannot edit this comment');

    update.mockRejectedValueOnce(new ApiError(500, 'Network error', false));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your change could not be saved.'));
    expect(screen.getByLabelText('Edit comment')).toHaveProperty('value', 'Slow down a little');
  });

  it('closes on a saved edit and on Cancel, and starts again from the stored text', async () => {
    vi.spyOn(operations, 'updateFeedback').mockResolvedValue(comment({ comment: 'Slow down a little' }));
    await edit(comment(), 'Slow down a little');
    await waitFor(() => expect(screen.queryByLabelText('Edit comment')).toBeNull());

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Edit/ }));
    await user.type(screen.getByLabelText('Edit comment'), ' more');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Edit comment')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Edit/ }));
    expect(screen.getByLabelText('Edit comment')).toHaveProperty('value', 'Slow down here');
  });
});
