import { call, client, errorMessage } from '../../api/http-client';
import { notifications } from '../../app/notification-store';

// The CSV report (002 section 9): fetched with the bearer key like every call, as a blob, and
// saved under the name the server gives (the group or assignment name plus the date).

export type TReportKind = 'assignment' | 'group';

/** The file name of a Content-Disposition header: the UTF-8 filename* first, else the plain one. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // A broken encoding: the plain name below.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(disposition) ?? /filename\s*=\s*([^;]+)/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/** The report as a blob and its file name; failures are ApiErrors with the server's message, as other calls. */
export async function fetchReport(kind: TReportKind, id: string): Promise<{ blob: Blob; fileName: string }> {
  const params = { path: { id } };
  const headers = { Accept: 'text/csv, application/json' };
  return call('GET', async () => {
    const r =
      kind === 'assignment'
        ? await client.GET('/api/v1/assignments/{id}/report.csv', { params, headers, parseAs: 'blob' })
        : await client.GET('/api/v1/groups/{id}/report.csv', { params, headers, parseAs: 'blob' });
    const fileName = fileNameFrom(r.response.headers.get('content-disposition'), 'report.csv');
    return { data: r.data ? { data: { blob: r.data as Blob, fileName } } : undefined, error: r.error, response: r.response };
  });
}

/** Saves a blob as a download with the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download; the address is released after it.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Download Report: fetches the CSV and saves it; a failure shows an error notice. Resolves true when saved. */
export async function downloadReport(kind: TReportKind, id: string): Promise<boolean> {
  try {
    const { blob, fileName } = await fetchReport(kind, id);
    saveBlob(blob, fileName);
    return true;
  } catch (e) {
    notifications.error('Download failed', errorMessage(e, 'The report could not be downloaded. Please try again.'));
    return false;
  }
}
