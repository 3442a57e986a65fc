import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { client, fileNameFrom } from '../../api/http-client';
import { notifications } from '../../app/notification-store';
import { DownloadReportButton } from './download-report-button';
import { downloadReport } from './download-report';

const ID = '3f0c9a52-6a0e-4d8f-9b1a-2c3d4e5f6a7b';
const DISPOSITION = `attachment; filename="Pr_sentation 2026-11-23.csv"; filename*=UTF-8''Pr%C3%A9sentation%202026-11-23.csv`;

/** Answers the report call with a CSV blob (or an error body) and records the path asked for. */
function serve(res: { status: number; body?: unknown; disposition?: string }) {
  const paths: string[] = [];
  vi.spyOn(client, 'GET').mockImplementation((async (path: string, init: { parseAs?: string; params: { path: { id: string } } }) => {
    paths.push(`${path} ${init.params.path.id} ${init.parseAs}`);
    const response = new Response(null, { status: res.status, headers: res.disposition ? { 'content-disposition': res.disposition } : {} });
    return res.status < 300 ? { data: new Blob(['\uFEFFLast Name\r\n'], { type: 'text/csv' }), response } : { error: res.body, response };
  }) as never);
  return paths;
}

/** The saved file: the anchor's download name and its blob address, without leaving the page. */
function captureSaves() {
  const saved: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(`${this.download} ${this.getAttribute('href')}`);
  });
  return saved;
}

afterEach(() => vi.restoreAllMocks());

describe('Download Report (002 section 9)', () => {
  it("reads the server's file name, UTF-8 first", () => {
    expect(fileNameFrom(DISPOSITION, 'report.csv')).toBe('Présentation 2026-11-23.csv');
    expect(fileNameFrom('attachment; filename="Pitch Practice 2026-11-23.csv"', 'report.csv')).toBe('Pitch Practice 2026-11-23.csv');
    expect(fileNameFrom(`attachment; filename="a.csv"; filename*=UTF-8''%E0%A4%A`, 'report.csv')).toBe('a.csv');
    expect(fileNameFrom(null, 'report.csv')).toBe('report.csv');
  });

  it('fetches the CSV as a blob through the typed client and saves it under that name', async () => {
    const paths = serve({ status: 200, disposition: DISPOSITION });
    const saved = captureSaves();
    expect(await downloadReport('assignment', ID)).toBe(true);
    expect(paths).toEqual([`/api/v1/assignments/{id}/report.csv ${ID} blob`]);
    expect(saved).toEqual(['Présentation 2026-11-23.csv blob:report']);
  });

  it("shows the server's message when the report is refused, and saves nothing", async () => {
    serve({
      status: 403,
      body: { errors: [{ message: 'You do not have permission to do that.', status: 403, code: 'permission.denied' }] },
    });
    const saved = captureSaves();
    const error = vi.spyOn(notifications, 'error').mockImplementation(() => {});
    expect(await downloadReport('group', ID)).toBe(false);
    expect(error).toHaveBeenCalledWith('Download failed', 'You do not have permission to do that.');
    expect(saved).toEqual([]);
  });

  it('the button downloads the group report', async () => {
    const paths = serve({ status: 200, disposition: 'attachment; filename="Pitch Practice 2026-11-23.csv"' });
    const saved = captureSaves();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DownloadReportButton kind="group" id={ID} name="Pitch Practice" />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Download Report for Pitch Practice' }));
    await waitFor(() => expect(saved).toEqual(['Pitch Practice 2026-11-23.csv blob:report']));
    expect(paths).toEqual([`/api/v1/groups/{id}/report.csv ${ID} blob`]);
  });
});
