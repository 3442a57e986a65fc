import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveAtClient } from '../../test/operations';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TRecordingSummary } from '@rostrum/contract';
import { RenameRecordingDialog } from './rename-recording-dialog';

// jsdom has no <dialog> methods; the dialog only needs to open and close.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

const RECORDING_ID = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e';
const recording = { recordingId: RECORDING_ID, title: 'Pitch practice' } as TRecordingSummary;

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <RenameRecordingDialog recording={recording} onClose={onClose} />
    </QueryClientProvider>,
  );
  const field = screen.getByLabelText('Title', { selector: 'input' }) as HTMLInputElement;
  return { field, save: screen.getByRole('button', { name: 'Save', hidden: true }), onClose };
}

/** The API at the http client: answers PUT (or refuses it). */
const serve = (answer: Parameters<typeof serveAtClient>[1]) => serveAtClient('PUT', answer);

afterEach(() => vi.restoreAllMocks());

describe('RenameRecordingDialog (002 sections 2.5 and 5)', () => {
  it('opens with the current title; a title of spaces is "Title is required", focused and not saved', async () => {
    const update = serve({ status: 200 });
    const user = userEvent.setup();
    const { field, save } = renderDialog();
    expect(field.value).toBe('Pitch practice');
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(save);
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(update).not.toHaveBeenCalled();
  });

  it('saves the title trimmed and cut at 50 characters, then closes', async () => {
    const long = `  ${'A title that runs on well past the fifty characters'} and more`;
    const cut = long.trim().slice(0, 50).trim();
    const update = serve({ status: 200, data: { recordingId: RECORDING_ID, title: cut } });
    const user = userEvent.setup();
    const { field, save, onClose } = renderDialog();
    await user.clear(field);
    await user.type(field, long);
    await user.click(save);
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        '/api/v1/recordings/{id}',
        expect.objectContaining({ params: { path: { id: RECORDING_ID } }, body: { title: cut } }),
      ),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows a refused save under the title: the server's message, or the fallback", async () => {
    serve({ status: 403, message: 'You cannot rename this recording' });
    const user = userEvent.setup();
    const { save } = renderDialog();
    await user.click(save);
    expect(await screen.findByText('You cannot rename this recording')).toBeTruthy();

    serve({ status: 500 });
    await user.click(save);
    expect(await screen.findByText('The title could not be saved. Please try again.')).toBeTruthy();
    expect(screen.queryByText('You cannot rename this recording')).toBeNull();
  });
});
