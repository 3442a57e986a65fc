import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { operations } from '../../api/operations.gen';
import { sent } from '../../test/operations';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FEEDBACK_MSG, type TFeedback } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { CommentForm } from './comment-form';

const RECORDING_ID = '6a1f1b7e-4c53-4b0e-9a55-0a6f2c1d9e11';
const GROUP_ID = '3d4e5f60-7a8b-4c9d-8e0f-1a2b3c4d5e6f';

function saved(comment: string): TFeedback {
  return {
    feedbackId: '0b7c5d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
    recordingId: RECORDING_ID,
    groupId: null,
    userId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    name: 'Ada Coach',
    isManager: true,
    kind: 'comment',
    comment,
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
  };
}

function renderForm(groupId: string | null = GROUP_ID) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <CommentForm recordingId={RECORDING_ID} groupId={groupId} duration={120} />
    </QueryClientProvider>,
  );
  return { textarea: screen.getByLabelText('Add a comment'), submit: screen.getByRole('button', { name: 'Add Comment' }) };
}

afterEach(() => vi.restoreAllMocks());

describe('CommentForm validation (001 sections 4 and 5)', () => {
  it('asks for the comment on submit only, focuses it and sends nothing', async () => {
    const create = vi.spyOn(operations, 'createFeedback');
    const user = userEvent.setup();
    const { textarea, submit } = renderForm();
    await user.click(textarea);
    await user.tab();
    expect(screen.queryByText(FEEDBACK_MSG.commentRequired)).toBeNull();

    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Comment is required');
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(textarea);
    expect(create).not.toHaveBeenCalled();
  });

  it('treats a comment of spaces as empty, and clears the message as soon as the user types', async () => {
    const create = vi.spyOn(operations, 'createFeedback');
    const user = userEvent.setup();
    const { textarea, submit } = renderForm();
    await user.type(textarea, '   ');
    await user.click(submit);
    expect(await screen.findByText('Comment is required')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    await user.type(textarea, 'G');
    expect(screen.queryByText('Comment is required')).toBeNull();
    expect(textarea.getAttribute('aria-invalid')).toBeNull();
  });

  it("sends the trimmed comment with the recording's group, without a region, and empties the field", async () => {
    const create = vi.spyOn(operations, 'createFeedback').mockResolvedValue(saved('Great opening.'));
    const user = userEvent.setup();
    const { textarea, submit } = renderForm();
    await user.type(textarea, '  Great opening.  ');
    await user.click(submit);
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(sent({ recordingId: RECORDING_ID, groupId: GROUP_ID, comment: 'Great opening.' })),
    );
    await waitFor(() => expect(textarea).toHaveProperty('value', ''));
  });

  it('sends no groupId for a private recording (it has no group)', async () => {
    const create = vi.spyOn(operations, 'createFeedback').mockResolvedValue(saved('Solo'));
    const user = userEvent.setup();
    const { textarea, submit } = renderForm(null);
    await user.type(textarea, 'Solo');
    await user.click(submit);
    await waitFor(() => expect(create).toHaveBeenCalledWith(sent({ recordingId: RECORDING_ID, comment: 'Solo' })));
  });

  it('shows a failed save under the comment: the server message, or the fallback', async () => {
    const create = vi.spyOn(operations, 'createFeedback').mockRejectedValueOnce(new ApiError(403, 'You cannot comment here', true));
    const user = userEvent.setup();
    const { textarea, submit } = renderForm();
    await user.type(textarea, 'Nice pace');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('You cannot comment here');

    create.mockRejectedValueOnce(new ApiError(500, 'Network error', false));
    await user.click(submit);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your comment could not be saved. Please try again.'));
    expect(textarea).toHaveProperty('value', 'Nice pace');
  });
});
