import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { operations } from '../../api/operations.gen';
import { sent } from '../../test/operations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ERROR_CODES, WORDSPOTTING_MSG, vocabulary, type TWordspottingList, type TWordspottingPage } from '@rostrum/contract';
import { ApiError } from '../../api/http-client';
import { WordspottingPanel } from './wordspotting-panel';

// jsdom has no <dialog> methods; the dialogs only need to open and close.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

const ORG = '11111111-1111-4111-8111-111111111111';
const G1 = '22222222-2222-4222-8222-222222222222';
const G2 = '33333333-3333-4333-8333-333333333333';
const ALGORITHMS = [
  { name: 'rostrum-default', label: 'Single Speaker' },
  { name: 'rostrum-conversational', label: 'Multi-Speaker' },
];
const none = { canEdit: false, canReset: false };
const all = { canEdit: true, canReset: true };

const defaults = (): TWordspottingList[] =>
  ALGORITHMS.map((a) => ({
    scope: 'default',
    scopeId: null,
    name: 'Default',
    algorithm: a.name,
    words: ['uh/um'],
    updatedAt: null,
    abilities: none,
  }));
const orgList = (abilities = all): TWordspottingList => ({
  scope: 'org',
  scopeId: ORG,
  name: 'Northwind',
  algorithm: 'rostrum-default',
  words: ['uh/um', 'so', 'you know'],
  updatedAt: '2026-11-24T10:00:00.000Z',
  abilities,
});

function page(over: Partial<TWordspottingPage> = {}): TWordspottingPage {
  return {
    lists: [...defaults(), orgList()],
    targets: {
      org: { orgId: ORG, name: 'Northwind' },
      groups: [
        { groupId: G1, name: 'Sales Team' },
        { groupId: G2, name: 'Support' },
      ],
      user: null,
    },
    algorithms: ALGORITHMS,
    ...over,
  };
}

function setup(data: TWordspottingPage) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  vi.spyOn(operations, 'getWordspotting').mockResolvedValue(data);
  const save = vi
    .spyOn(operations, 'saveWordspotting')
    .mockImplementation(async ({ body: b }) => ({ ...orgList(), algorithm: b.algorithm, words: b.words }));
  const reset = vi.spyOn(operations, 'deleteWordspotting').mockResolvedValue({});
  render(
    <QueryClientProvider client={queryClient}>
      <WordspottingPanel vocab={vocabulary('other')} />
    </QueryClientProvider>,
  );
  return { save, reset };
}

afterEach(() => vi.restoreAllMocks());

const dialogOpen = (role: 'dialog' | 'alertdialog') =>
  screen.getAllByRole(role, { hidden: true }).find((d) => d.hasAttribute('open')) ?? null;

describe('WordspottingPanel', () => {
  it('lists by recording type with their phrases; a speaker without targets sees no wizard, Edit or Reset', async () => {
    setup(page({ lists: [...defaults(), orgList(none)], targets: { org: null, groups: [], user: null } }));
    const single = await screen.findByRole('region', { name: /Single Speaker/ });
    const multi = screen.getByRole('region', { name: /Multi-Speaker/ });
    expect(within(single).getAllByTestId('wordspotting-list')).toHaveLength(2);
    expect(within(multi).getAllByTestId('wordspotting-list')).toHaveLength(1);
    expect(within(single).getByRole('list', { name: /Northwind list/ }).textContent).toBe('uh/umsoyou know');
    expect(screen.queryByRole('button', { name: 'Customise a list' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reset/ })).toBeNull();
  });

  it('shows Edit and Reset only on the lists the abilities allow', async () => {
    setup(page());
    await screen.findByRole('button', { name: 'Customise a list' });
    expect(screen.getAllByRole('button', { name: /^Edit/ }).map((b) => b.textContent)).toEqual([
      'Edit the Northwind list (Single Speaker)',
    ]);
    expect(screen.getAllByRole('button', { name: /^Reset/ })).toHaveLength(1);
  });

  it('asks before a reset, then deletes with the one scope id', async () => {
    const { reset } = setup(page());
    fireEvent.click(await screen.findByRole('button', { name: /^Reset/ }));
    expect(within(dialogOpen('dialog')!).getByText(WORDSPOTTING_MSG.resetConfirm)).toBeTruthy();
    fireEvent.click(within(dialogOpen('dialog')!).getByRole('button', { name: 'Reset', hidden: true }));
    await waitFor(() => expect(reset).toHaveBeenCalledWith({ params: { query: { algorithm: 'rostrum-default', orgId: ORG } } }));
  });

  it('alerts "Invalid delete request" when the server refuses the scope', async () => {
    const { reset } = setup(page());
    reset.mockRejectedValue(new ApiError(400, WORDSPOTTING_MSG.invalidDelete, true, ERROR_CODES.wordspottingInvalidScope));
    fireEvent.click(await screen.findByRole('button', { name: /^Reset/ }));
    fireEvent.click(within(dialogOpen('dialog')!).getByRole('button', { name: 'Reset', hidden: true }));
    await waitFor(() => expect(dialogOpen('alertdialog')).not.toBeNull());
    expect(within(dialogOpen('alertdialog')!).getByText('Invalid delete request. Please reload the page')).toBeTruthy();
  });

  it('runs the wizard: apply-to, group, recording type, words, then saves and returns to ready', async () => {
    const { save } = setup(page());
    fireEvent.click(await screen.findByRole('button', { name: 'Customise a list' }));
    expect(screen.getByRole('heading', { name: 'Step 1 of 3: Who should this list apply to?' })).toBeTruthy();
    const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next().disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /A specific group/ }));
    // Choosing a group adds the group step.
    expect(screen.getByRole('heading', { name: /Step 1 of 4/ })).toBeTruthy();
    fireEvent.click(next());
    fireEvent.click(screen.getByRole('radio', { name: 'Support' }));
    fireEvent.click(next());
    expect(screen.getByRole('heading', { name: 'Step 3 of 4: Choose the recording type' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByRole('radio', { name: 'Support' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(next());
    fireEvent.click(screen.getByRole('radio', { name: /Multi-Speaker/ }));
    fireEvent.click(next());
    fireEvent.change(screen.getByRole('textbox', { name: 'Phrase 2' }), { target: { value: ' actually ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save list' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(sent({ algorithm: 'rostrum-conversational', words: ['uh/um', 'actually'], groupId: G2 })),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save list' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Customise a list' })).toBeTruthy();
  });

  it('skips the apply-to and group steps for a coach of one group, and Cancel returns to ready', async () => {
    setup(page({ lists: defaults(), targets: { org: null, groups: [{ groupId: G1, name: 'Sales Team' }], user: null } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Customise a list' }));
    expect(screen.getByRole('heading', { name: 'Step 1 of 2: Choose the recording type' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Customise a list' })).toBeTruthy();
  });

  it("opens Edit at the words with the list's phrases and saves to its scope", async () => {
    const { save } = setup(page());
    fireEvent.click(await screen.findByRole('button', { name: /^Edit/ }));
    expect(screen.getByRole('heading', { name: 'Enter the words and phrases to count' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Phrase 3' }) as HTMLInputElement).value).toBe('you know');
    fireEvent.click(screen.getByRole('button', { name: 'Remove phrase 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save list' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(sent({ algorithm: 'rostrum-default', words: ['uh/um', 'you know'], orgId: ORG })),
    );
  });
});
