import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { operations } from '../../api/operations.gen';
import { sent } from '../../test/operations';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TShareLink } from '@rostrum/contract';
import { client } from '../../api/http-client';
import { notifications } from '../../app/notification-store';
import { downloadExport } from './download-export';
import { RECORDING_ID } from './results-fixtures';
import { ShareLinksPanel } from './share-links-panel';

// Issue 20: the owner's Public link panel and the results page's downloads.

const TOKEN = 'A'.repeat(43);
const link = (over: Partial<TShareLink> = {}): TShareLink => ({
  shareLinkId: '5b7c1a52-8d7e-4c55-9a55-0b9cf3e6a001',
  recordingId: RECORDING_ID,
  createdDate: '2026-11-25T10:00:00.000Z',
  expiresDate: '2026-12-02T10:00:00.000Z',
  revokedDate: null,
  status: 'active',
  ...over,
});

function renderWithQueries(ui: React.ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

// jsdom has no modal dialogs: open and close by the attribute.
HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

afterEach(() => vi.restoreAllMocks());

describe('ShareLinksPanel', () => {
  it('creates a link with the chosen expiry and shows its address once', async () => {
    let links: TShareLink[] = [];
    vi.spyOn(operations, 'listShareLinks').mockImplementation(async () => links);
    const create = vi.spyOn(operations, 'createShareLink').mockImplementation(async () => {
      links = [link()];
      return { ...link(), token: TOKEN, path: `/s/${TOKEN}` };
    });
    const user = userEvent.setup();
    renderWithQueries(<ShareLinksPanel recordingId={RECORDING_ID} />);
    await user.selectOptions(screen.getByLabelText('Link expires after'), '30');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith(sent({ expiresInDays: 30 }, RECORDING_ID)));
    const field = await screen.findByLabelText('Your new link (copy it now: it is shown once)');
    expect((field as HTMLInputElement).value).toBe(`${window.location.origin}/s/${TOKEN}`);
    await waitFor(() => expect(screen.getByRole('list', { name: 'Share links' })).toBeTruthy());
    expect(within(screen.getByRole('list', { name: 'Share links' })).getByText('Active')).toBeTruthy();
  });

  it('sends the default expiry, 7 days, when none is chosen', async () => {
    vi.spyOn(operations, 'listShareLinks').mockResolvedValue([]);
    const create = vi.spyOn(operations, 'createShareLink').mockResolvedValue({ ...link(), token: TOKEN, path: `/s/${TOKEN}` });
    const user = userEvent.setup();
    renderWithQueries(<ShareLinksPanel recordingId={RECORDING_ID} />);
    expect((screen.getByLabelText('Link expires after') as HTMLSelectElement).value).toBe('7');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith(sent({ expiresInDays: 7 }, RECORDING_ID)));
  });

  it('refuses an expiry the API does not take (the body schema), and sends nothing', async () => {
    vi.spyOn(operations, 'listShareLinks').mockResolvedValue([]);
    const create = vi.spyOn(operations, 'createShareLink');
    const user = userEvent.setup();
    renderWithQueries(<ShareLinksPanel recordingId={RECORDING_ID} />);
    const select = screen.getByLabelText('Link expires after') as HTMLSelectElement;
    // Not one of the options: the select then holds no value at all.
    fireEvent.change(select, { target: { value: '2' } });
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    // The contract's union of the offered days, with zod's own wording.
    expect(await screen.findByText(/^Invalid input/)).toBeTruthy();
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(create).not.toHaveBeenCalled();
  });

  it('revokes a link after confirmation and counts the ended ones', async () => {
    let links: TShareLink[] = [link(), link({ shareLinkId: '5b7c1a52-8d7e-4c55-9a55-0b9cf3e6a002', status: 'expired' })];
    vi.spyOn(operations, 'listShareLinks').mockImplementation(async () => links);
    const revoke = vi.spyOn(operations, 'revokeShareLink').mockImplementation(async ({ params }) => {
      const id = params.path.linkId;
      links = links.map((l) => (l.shareLinkId === id ? { ...l, status: 'revoked' as const } : l));
      return links.find((l) => l.shareLinkId === id)!;
    });
    const user = userEvent.setup();
    renderWithQueries(<ShareLinksPanel recordingId={RECORDING_ID} />);
    expect((await screen.findByTestId('share-links-ended')).textContent).toBe('1 expired or revoked link.');
    await user.click(screen.getByRole('button', { name: /^Revoke the link created/ }));
    await user.click(within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Revoke', hidden: true }));
    expect(revoke).toHaveBeenCalledWith({ params: { path: { id: RECORDING_ID, linkId: link().shareLinkId } } });
    await waitFor(() => expect(screen.getByTestId('share-links-ended').textContent).toBe('2 expired or revoked links.'));
    expect(screen.queryByRole('list', { name: 'Share links' })).toBeNull();
  });

  it("shows the server's refusal", async () => {
    vi.spyOn(operations, 'listShareLinks').mockResolvedValue([]);
    const { ApiError } = await import('../../api/http-client');
    vi.spyOn(operations, 'createShareLink').mockRejectedValue(
      new ApiError(403, 'Public share links are not allowed in your organisation', true),
    );
    const user = userEvent.setup();
    renderWithQueries(<ShareLinksPanel recordingId={RECORDING_ID} />);
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Public share links are not allowed in your organisation');
  });
});

describe('downloadExport (the Download menu, whose popover jsdom lacks: the e2e spec opens it)', () => {
  function serve(status: number, body?: unknown) {
    const paths: string[] = [];
    vi.spyOn(client, 'GET').mockImplementation((async (
      path: string,
      init: { params: { path: { id: string; format: string } }; parseAs: string },
    ) => {
      paths.push(`${path} ${init.params.path.id} ${init.params.path.format} ${init.parseAs}`);
      const headers: Record<string, string> = status < 300 ? { 'content-disposition': 'attachment; filename="Talk report.pdf"' } : {};
      const response = new Response(null, { status, headers });
      return status < 300 ? { data: new Blob(['%PDF-']), response } : { error: body, response };
    }) as never);
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    return { paths, saved };
  }

  it('fetches the format as a blob and saves it under the name the server gives', async () => {
    const { paths, saved } = serve(200);
    expect(await downloadExport(RECORDING_ID, 'pdf')).toBe(true);
    expect(paths).toEqual([`/api/v1/recordings/{id}/export/{format} ${RECORDING_ID} pdf blob`]);
    expect(saved).toEqual(['Talk report.pdf']);
  });

  it("shows the server's message when refused, and saves nothing", async () => {
    const { saved } = serve(409, {
      errors: [{ message: 'This recording has no results to download yet.', status: 409, code: 'export.no_results' }],
    });
    const error = vi.spyOn(notifications, 'error').mockImplementation(() => {});
    expect(await downloadExport(RECORDING_ID, 'csv')).toBe(false);
    expect(error).toHaveBeenCalledWith('Download failed', 'This recording has no results to download yet.');
    expect(saved).toEqual([]);
  });
});
