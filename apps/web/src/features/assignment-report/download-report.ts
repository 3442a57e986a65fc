import { errorMessage, withId } from '../../api/http-client';
import { operations } from '../../api/operations.gen';
import { notifications } from '../../app/notification-store';

// The CSV report (002 section 9): fetched with the bearer key like every call, as a blob, and
// saved under the name the server gives (the group or assignment name plus the date).

export type TReportKind = 'assignment' | 'group';

/** The report as a blob and its file name; failures are ApiErrors with the server's message, as other calls. */
export async function fetchReport(kind: TReportKind, id: string): Promise<{ blob: Blob; fileName: string }> {
  const file = await (kind === 'assignment' ? operations.downloadAssignmentReport(withId(id)) : operations.downloadGroupReport(withId(id)));
  return { blob: file.blob, fileName: file.fileName ?? 'report.csv' };
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
