import type { TRecordingSummary } from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { notifications } from '../../app/notification-store';
import { fetchFreshRecording } from './manage.queries';

/** A file name from the title: letters, digits, spaces, dots and dashes kept. */
export function downloadName(title: string, video: boolean): string {
  const stem = title.replace(/[^\p{L}\p{N} ._-]+/gu, '_').trim() || 'recording';
  return `${stem}.${video ? 'mp4' : 'm4a'}`;
}

/**
 * Download: the playback media (the video for a video recording, else the audio), fetched by
 * its signed, short-lived media address, which is asked for only when the user clicks.
 */
export async function downloadRecording(r: TRecordingSummary): Promise<void> {
  try {
    const rec = await fetchFreshRecording(r.recordingId);
    const url = rec.videoUrl ?? rec.playbackUrl;
    if (!url) {
      notifications.error('Download failed', 'This recording has no playback file yet. Please try again in a few minutes.');
      return;
    }
    const a = document.createElement('a');
    a.href = url;
    a.download = downloadName(rec.title, !!rec.videoUrl);
    document.body.append(a);
    a.click();
    a.remove();
  } catch (e) {
    notifications.error('Download failed', errorMessage(e, 'Please try again.'));
  }
}
