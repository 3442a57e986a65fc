import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { operations } from '../../api/operations.gen';
import { sent } from '../../test/operations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG, vocabulary, type TWordspottingList, type TWordspottingPage } from '@rostrum/contract';
import { notifications } from '../../app/notification-store';
import { editChoice } from './wizard-model';
import { WordspottingWizard } from './wordspotting-wizard';

// The wizard's save is checked by the API's own body schema (ZSaveWordspottingBodySchema).

// jsdom has no <dialog> methods; the phrase editor's alert only needs to open and close.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

const ORG = '11111111-1111-4111-8111-111111111111';
const orgList: TWordspottingList = {
  scope: 'org',
  scopeId: ORG,
  name: 'Northwind',
  algorithm: 'rostrum-default',
  words: ['uh/um', 'so'],
  updatedAt: '2026-11-24T10:00:00.000Z',
  abilities: { canEdit: true, canReset: true },
};

function renderWizard(targets: TWordspottingPage['targets']) {
  const page: TWordspottingPage = { lists: [orgList], targets, algorithms: [{ name: 'rostrum-default', label: 'Single Speaker' }] };
  const save = vi.spyOn(operations, 'saveWordspotting').mockImplementation(async ({ body: b }) => ({ ...orgList, words: b.words }));
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <WordspottingWizard page={page} start={editChoice(orgList)} vocab={vocabulary('other')} onSaved={onSaved} onCancel={() => {}} />
    </QueryClientProvider>,
  );
  return { save, onSaved };
}

afterEach(() => vi.restoreAllMocks());

describe('WordspottingWizard save', () => {
  it('sends the phrases as typed, trimmed and blanks dropped: repeats and inner spaces are for the server', async () => {
    const { save, onSaved } = renderWizard({ org: { orgId: ORG, name: 'Northwind' }, groups: [], user: null });
    fireEvent.change(screen.getByRole('textbox', { name: 'Phrase 3' }), { target: { value: 'So' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Phrase 4' }), { target: { value: '  next  steps ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save list' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(sent({ algorithm: 'rostrum-default', words: ['uh/um', 'so', 'So', 'next  steps'], orgId: ORG })),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('refuses a save without one scope id (the schema), showing it as a failed save, and sends nothing', async () => {
    const error = vi.spyOn(notifications, 'error').mockImplementation(() => {});
    // The list's organisation is no longer among the caller's targets: no org id to save to.
    const { save } = renderWizard({ org: null, groups: [], user: null });
    fireEvent.click(screen.getByRole('button', { name: 'Save list' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.networkError));
    expect(save).not.toHaveBeenCalled();
  });
});
