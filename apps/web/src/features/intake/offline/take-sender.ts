import * as tus from 'tus-js-client';
import { isApiError } from '../../../api/http-client';
import { operations } from '../../../api/operations.gen';
import { sessionStore } from '../../../app/session-store';
import { discardUnsavedTake } from '../intake.queries';
import { createErrorMessage, refusal } from '../recording-upload';
import type { TTakeSender } from './upload-queue';

const CHUNK_SIZE = 5 * 1024 * 1024;

/** POST recordings and its tus upload for a waiting take (as recording-upload does for the Save form). */
export const takeSender: TTakeSender = {
  async create(body) {
    const created = await operations.createRecording({ body });
    if (!created?.recordingId || !created.uploadUrl) throw new Error('No recording id returned');
    return { recordingId: created.recordingId, uploadUrl: created.uploadUrl };
  },

  send(take, on) {
    return new Promise((resolve, reject) => {
      const token = sessionStore.token();
      const upload = new tus.Upload(take.blob, {
        endpoint: take.endpoint,
        // A kept upload URL resumes where the server has the take (HEAD, then PATCH the rest).
        ...(take.tusUrl ? { uploadUrl: take.tusUrl } : {}),
        metadata: { recordingId: take.recordingId, filename: take.fileName },
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        chunkSize: CHUNK_SIZE,
        retryDelays: [0, 1000, 3000],
        storeFingerprintForResuming: false,
        onUploadUrlAvailable: () => {
          if (upload.url) on.url(upload.url);
        },
        onProgress: on.progress,
        onSuccess: () => resolve(),
        onError: (err) => reject(refusal(err)),
      });
      upload.start();
    });
  },

  async discardCapture(captureId) {
    await discardUnsavedTake(captureId);
  },

  refusedMessage(error) {
    const refused =
      isApiError(error) &&
      error.hasBody &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 401 &&
      error.status !== 408 &&
      error.status !== 429;
    return refused ? createErrorMessage(error, '') || null : null;
  },
};
