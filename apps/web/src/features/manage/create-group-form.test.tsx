import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveAtClient } from '../../test/operations';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vocabulary } from '@rostrum/contract';
import type { TViewer } from '../../app/viewer';
import { CreateGroupForm } from './create-group-form';

// jsdom has no <dialog> methods; the failure alert only needs to open and close.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

// The form reads the organisation (its name, type and free duration) and its vocabulary.
const viewer = {
  vocab: vocabulary('other'),
  org: { name: 'Summit', type: 'other', settings: { freeDuration: { years: 1 } }, hasPerpetualFreeDuration: false },
} as unknown as TViewer;

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onCreated = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <CreateGroupForm viewer={viewer} onCreated={onCreated} onCancel={() => {}} />
    </QueryClientProvider>,
  );
  return { field: screen.getByLabelText('Group name'), save: screen.getByRole('button', { name: 'Save' }), onCreated };
}

/** The API at the http client: answers POST (or refuses it). */
const serve = (answer: Parameters<typeof serveAtClient>[1]) => serveAtClient('POST', answer);

afterEach(() => vi.restoreAllMocks());

describe('CreateGroupForm (002 sections 2.2 and 2.5)', () => {
  it('an empty name (spaces only) focuses the field, shows no message and saves nothing', async () => {
    const create = serve({ status: 200 });
    const user = userEvent.setup();
    const { field, save } = renderForm();
    await user.type(field, '   ');
    field.blur();
    await user.click(save);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Group name is required')).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });

  it("sends the trimmed name with the organisation's name and the free duration", async () => {
    const group = { groupId: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f', name: 'Debate 101' };
    const create = serve({ status: 201, data: group });
    const user = userEvent.setup();
    const { field, save, onCreated } = renderForm();
    await user.type(field, '  Debate 101 ');
    await user.selectOptions(screen.getByLabelText('Free duration'), '2');
    await user.click(save);
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith('/api/v1/groups', {
        body: { name: 'Debate 101', orgName: 'Summit', freeDuration: { years: 2 } },
      }),
    );
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(group));
  });
});
