import { EXPORT_LABELS, type TExportFormat } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { operations } from '../../api/operations.gen';
import { notifications } from '../../app/notification-store';
import { saveBlob } from '../assignment-report/download-report';

// The results page's Download menu (issue 20): each export is fetched with the bearer key like
// every call, as a blob, and saved under the name the server gives (the title and what it holds).

export async function fetchExport(recordingId: string, format: TExportFormat): Promise<{ blob: Blob; fileName: string }> {
  const file = await operations.exportRecording({ params: { path: { id: recordingId, format } } });
  return { blob: file.blob, fileName: file.fileName ?? `recording.${format}` };
}

/** Fetches one export and saves it; a failure shows an error notice. Resolves true when saved. */
export async function downloadExport(recordingId: string, format: TExportFormat): Promise<boolean> {
  try {
    const { blob, fileName } = await fetchExport(recordingId, format);
    saveBlob(blob, fileName);
    return true;
  } catch (e) {
    notifications.error('Download failed', errorMessage(e, `${EXPORT_LABELS[format]} could not be downloaded. Please try again.`));
    return false;
  }
}
