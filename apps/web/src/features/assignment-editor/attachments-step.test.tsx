import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ASSIGNMENT_MSG, vocabulary } from '@rostrum/contract';
import { ATTACHMENT_RELOAD_MSG, AttachmentsStep, type TShownAttachment } from './attachments-step';

vi.mock('../../api/operations.gen', () => ({ operations: { listRecordings: async () => [] } }));

// jsdom has no <dialog> methods; the dialogs only need to open and close.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

const saved: TShownAttachment = {
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Reading',
  attachmentType: 'link',
  attachmentUrl: 'https://example.com/a',
  recordingId: null,
};
const pending: TShownAttachment = { ...saved, id: null, name: 'Slides' };

function renderStep(attachments: TShownAttachment[] = []) {
  const onAddLink = vi.fn(async () => true);
  const onDelete = vi.fn(async () => {});
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AttachmentsStep
        attachments={attachments}
        userId="u"
        vocab={vocabulary('other')}
        adding={false}
        lastStep={false}
        onBack={() => {}}
        onContinue={() => {}}
        onAddLink={onAddLink}
        onAddRecording={() => {}}
        onDelete={onDelete}
      />
    </QueryClientProvider>,
  );
  return { onAddLink, onDelete };
}

describe('attachments step', { timeout: 15_000 }, () => {
  it('shows Save only when both the name and the address are filled, and saves the https address', async () => {
    const { onAddLink } = renderStep();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Link name'), { target: { value: 'Reading' } });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'http://example.com/read' } });
    screen.getByText('Saved as https://example.com/read');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onAddLink).toHaveBeenCalledWith('Reading', 'https://example.com/read'));
  });

  it('asks before deleting, with the spec sentence', async () => {
    const { onDelete } = renderStep([saved]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Reading' }));
    screen.getByText(ASSIGNMENT_MSG.confirmDeleteAttachment('Reading'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(saved.id));
  });

  it('alerts to reload when an attachment has no id yet', () => {
    const { onDelete } = renderStep([pending]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Slides' }));
    screen.getByText(ATTACHMENT_RELOAD_MSG);
    expect(onDelete).not.toHaveBeenCalled();
  });
});
