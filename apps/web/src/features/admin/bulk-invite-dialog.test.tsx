import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BULK_INVITE_MAX, ERROR_CODES, type TBulkInviteResult, vocabulary } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { operations } from '../../api/operations.gen';
import type { TViewer } from '../../app/viewer';
import { BulkInviteButton } from './bulk-invite-dialog';

// jsdom has no <dialog> methods; the dialog only needs to open and close.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

const GROUP_ID = '3f1c2b9e-8a4d-4c6e-9f00-123456789abc';
const viewer = (orgType: 'edu' | 'other' = 'edu') => ({ vocab: vocabulary(orgType), org: { type: orgType } }) as unknown as TViewer;
const group = (canInviteSpeakers = true) => ({ groupId: GROUP_ID, name: 'COMM 101', abilities: { canInviteSpeakers } });

function renderButton(canInvite = true, orgType: 'edu' | 'other' = 'edu') {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <BulkInviteButton group={group(canInvite)} viewer={viewer(orgType)} />
    </QueryClientProvider>,
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Invite Students' }));
  const dialog = screen.getByRole('dialog', { name: 'Invite students to COMM 101' });
  return {
    dialog,
    field: within(dialog).getByLabelText('Email addresses') as HTMLTextAreaElement,
    send: within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('BulkInviteButton', () => {
  it("shows only with the server's ability, in the organisation's words", () => {
    renderButton(false);
    expect(screen.queryByRole('button', { name: /Invite/ })).toBeNull();
    renderButton(true, 'other');
    expect(screen.getByRole('button', { name: 'Invite Speakers' })).toBeTruthy();
  });

  it('previews the pasted list, sends every row (Send disabled meanwhile), then shows the table of results', async () => {
    let answer: (r: TBulkInviteResult) => void = () => {};
    const create = vi.spyOn(operations, 'createBulkInvites').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderButton();
    const { dialog, field, send } = await openDialog(user);
    expect(document.activeElement).toBe(field);
    expect(within(dialog).getByText('No addresses yet.')).toBeTruthy();
    expect(send.disabled).toBe(true);

    await user.type(field, 'Ada Lovelace <ada@x.org>, grace@x.org; ADA@x.org{enter}typo');
    expect(within(dialog).getByText('4 addresses: 2 to invite, 2 not valid or listed twice.')).toBeTruthy();
    await user.click(send);
    expect(create).toHaveBeenCalledWith(
      {
        body: {
          groupId: GROUP_ID,
          invitees: [
            { email: 'ada@x.org', firstName: 'Ada', lastName: 'Lovelace' },
            { email: 'grace@x.org' },
            { email: 'ADA@x.org' },
            { email: 'typo' },
          ],
        },
      },
      { own402: true },
    );
    await waitFor(() => expect(send.disabled).toBe(true));
    expect(send.getAttribute('aria-busy')).toBe('true');

    answer({
      invited: 1,
      skipped: 3,
      rows: [
        { email: 'ada@x.org', firstName: 'Ada', lastName: 'Lovelace', result: 'invited', reason: null },
        { email: 'grace@x.org', firstName: null, lastName: null, result: 'skipped', reason: 'coach' },
        { email: 'ada@x.org', firstName: null, lastName: null, result: 'skipped', reason: 'duplicate' },
        { email: 'typo', firstName: null, lastName: null, result: 'skipped', reason: 'invalid-email' },
      ],
    });
    const summary = await within(dialog).findByText('1 invite sent, 3 skipped.');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const table = within(dialog).getByRole('table', { name: 'Invite results' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Email', 'Name', 'Result', 'Reason']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['ada@x.org', 'Ada Lovelace', 'Invited', '—'],
      ['grace@x.org', '—', 'Skipped', 'Is an instructor of this class'],
      ['ada@x.org', '—', 'Skipped', 'Listed more than once (invited once)'],
      ['typo', '—', 'Skipped', 'Not a valid email address'],
    ]);

    // Invite more starts again with an empty list.
    await user.click(within(dialog).getByRole('button', { name: 'Invite more' }));
    expect((within(dialog).getByLabelText('Email addresses') as HTMLTextAreaElement).value).toBe('');
  });

  it("shows the seat refusal in the dialog and keeps the list; more than the batch's rows cannot be sent", async () => {
    const message = 'These 3 invites need 3 student seats; 1 is free. No invites were sent.';
    vi.spyOn(operations, 'createBulkInvites').mockRejectedValue(new ApiError(402, message, true, ERROR_CODES.seatsLimitReached));
    const user = userEvent.setup();
    renderButton();
    const { dialog, field, send } = await openDialog(user);
    await user.type(field, 'a@x.org b@x.org c@x.org');
    await user.click(send);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('No invites were sent');
    expect(alert.textContent).toContain(message);
    expect(field.value).toBe('a@x.org b@x.org c@x.org');

    await user.clear(field);
    await user.click(field);
    await user.paste(Array.from({ length: BULK_INVITE_MAX + 1 }, (_, i) => `p${i}@x.org`).join('\n'));
    expect(within(dialog).getByText(/At most 200 invites can be sent at once; this list has 201/)).toBeTruthy();
    expect(send.disabled).toBe(true);
  });

  it('adds the rows of a chosen CSV file; a file without the header row says so', async () => {
    const create = vi.spyOn(operations, 'createBulkInvites').mockResolvedValue({ invited: 0, skipped: 0, rows: [] });
    const user = userEvent.setup();
    renderButton();
    const { dialog, send } = await openDialog(user);
    const chooser = within(dialog).getByLabelText('Choose a CSV file');
    await user.upload(chooser, new File(['Email,First Name,Last Name\nada@x.org,Ada,Lovelace\n'], 'class.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('class.csv')).toBeTruthy();
    expect(within(dialog).getByText('1 address: 1 to invite.')).toBeTruthy();
    await user.click(send);
    expect(create).toHaveBeenCalledWith(
      { body: { groupId: GROUP_ID, invitees: [{ email: 'ada@x.org', firstName: 'Ada', lastName: 'Lovelace' }] } },
      { own402: true },
    );

    await user.click(within(dialog).getByRole('button', { name: 'Invite more' }));
    await user.upload(within(dialog).getByLabelText('Choose a CSV file'), new File(['ada@x.org,Ada\n'], 'bare.csv', { type: 'text/csv' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The first row of the file must name its columns: email, first name, last name.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove bare.csv' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
