import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TDataExport } from '@rostrum/contract';
import { operations } from '../../api/operations.gen';
import { formatDate } from '../../components/date-format';
import * as downloads from '../assignment-report/download-report';
import { DataExportCard, formatBytes } from './data-export-card';

/** A short poll for the test; the card's own is DATA_EXPORT_POLL_MS (3 s). */
const POLL = 60;

const ID = '6f1c2a4e-1b2c-4d3e-8f9a-0b1c2d3e4f50';
const NONE: TDataExport = {
  exportId: null,
  state: 'none',
  requestedDate: null,
  readyDate: null,
  expiresAt: null,
  sizeBytes: null,
  progress: null,
  downloadUrl: null,
};
const at = (over: Partial<TDataExport>): TDataExport => ({ ...NONE, exportId: ID, requestedDate: '2026-12-04T10:00:00.000Z', ...over });
const READY = at({
  state: 'ready',
  readyDate: '2026-12-04T10:01:00.000Z',
  expiresAt: '2026-12-11T10:01:00.000Z',
  sizeBytes: 5 * 1024 * 1024,
  downloadUrl: `/api/v1/me/data-export/${ID}/download`,
});

function renderCard(pollMs?: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <DataExportCard pollMs={pollMs} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('DataExportCard ("Your data" on the profile, issue 42 item 7)', () => {
  it('offers "Export my data" before the first export, and shows the queued export it starts', async () => {
    vi.spyOn(operations, 'getDataExport').mockResolvedValue(NONE);
    const requested = vi.spyOn(operations, 'requestDataExport').mockResolvedValue(at({ state: 'queued' }));
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect(requested).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Your export is waiting to start.')).toBeTruthy();
    expect(screen.getByText('We will email you when it is ready. You can leave this page.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export my data' })).toBeNull();
  });

  it('asks again while the export is building, showing its progress, until it is ready', async () => {
    const answers = [
      at({ state: 'building', progress: { done: 1, total: 3 } }),
      at({ state: 'building', progress: { done: 2, total: 3 } }),
      READY,
    ];
    const get = vi.spyOn(operations, 'getDataExport').mockImplementation(async () => answers.shift() ?? READY);
    renderCard(POLL);
    expect(await screen.findByText('Packing your recordings: 1 of 3.')).toBeTruthy();
    expect(await screen.findByText('Packing your recordings: 2 of 3.', undefined, { timeout: POLL * 20 })).toBeTruthy();
    expect(await screen.findByText('Your export is ready (5.0 MB).', undefined, { timeout: POLL * 20 })).toBeTruthy();
    const calls = get.mock.calls.length;
    expect(calls).toBe(3);
    // Ready is final: no more asking.
    await new Promise((r) => setTimeout(r, POLL * 5));
    expect(get.mock.calls.length).toBe(calls);
  });

  it('shows the expiry date of a ready export and downloads the zip', async () => {
    vi.spyOn(operations, 'getDataExport').mockResolvedValue(READY);
    const blob = new Blob(['PK'], { type: 'application/zip' });
    const fetched = vi
      .spyOn(operations, 'downloadDataExport')
      .mockResolvedValue({ blob, fileName: 'rostrum-data-2026-12-04.zip' } as never);
    const saved = vi.spyOn(downloads, 'saveBlob').mockImplementation(() => undefined);
    renderCard();
    expect(await screen.findByText(`You can download it until ${formatDate(READY.expiresAt)}. After that it is removed.`)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download your data' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith(blob, 'rostrum-data-2026-12-04.zip'));
    expect(fetched).toHaveBeenCalledWith({ params: { path: { exportId: ID } } });
  });

  it('says a failed export failed and offers to try again', async () => {
    vi.spyOn(operations, 'getDataExport').mockResolvedValue(at({ state: 'failed' }));
    const requested = vi.spyOn(operations, 'requestDataExport').mockResolvedValue(at({ state: 'queued' }));
    renderCard();
    expect(await screen.findByText('Your export could not be made.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(requested).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Your export is waiting to start.')).toBeTruthy();
  });

  it('says when an expired export expired, and offers a new one', async () => {
    const expiresAt = '2026-11-20T09:00:00.000Z';
    vi.spyOn(operations, 'getDataExport').mockResolvedValue(at({ state: 'expired', expiresAt }));
    renderCard();
    expect(
      await screen.findByText(`Your last export expired on ${formatDate(expiresAt)}. You can make a new one at any time.`),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export my data' })).toBeTruthy();
  });
});

describe('formatBytes', () => {
  it('reads as a person would', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
    expect(formatBytes(3.5 * 1024 ** 3)).toBe('3.5 GB');
  });
});
