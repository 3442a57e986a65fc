import * as tus from 'tus-js-client';
import type { TCreateRecordingBody } from '@rostrum/contract';
import { withId } from '../../api/http-client';
import { operations } from '../../api/operations.gen';
import { getRecording } from '../../api/rostrum-api';
import { isApiError, parseErrorBody } from '../../api/http-client';
import { sessionStore } from '../../app/session-store';

// Sending a recording or file (docs/api/recordings.md, Recordings): POST recordings creates the recording,
// then the file goes to its uploadUrl with the tus protocol in 5 MB chunks. A failed upload keeps
// its tus Upload (and so its URL and offset): Retry continues from the last byte the server has.
// The URL is also kept in local storage, so choosing the same file again after a reload resumes it.

const CHUNK_SIZE = 5 * 1024 * 1024;
/** Test hook: e2e sets a small chunk size so a 3 MB file takes several PATCH requests. */
const CHUNK_SIZE_OVERRIDE_KEY = 'rostrum.uploadChunkSize';

function chunkSize(): number {
  try {
    const v = Number(window.localStorage.getItem(CHUNK_SIZE_OVERRIDE_KEY));
    return Number.isFinite(v) && v >= 64 * 1024 ? v : CHUNK_SIZE;
  } catch {
    return CHUNK_SIZE;
  }
}

/** The same file chosen again (name, type, size, date) maps to the same stored upload, whatever recording it went to. */
function fingerprint(file: File | Blob): Promise<string> {
  const f = file as Partial<File>;
  return Promise.resolve(['rostrum', f.name ?? 'blob', file.type, file.size, f.lastModified ?? 0].join('-'));
}

export interface TUploadProgress {
  sent: number;
  total: number;
}

export type TUploadFailure =
  /** The server refused the content (415 invalid filetype, 400 too long): its message, no retry. */
  | { kind: 'refused'; message: string }
  /** Network or server trouble: retry continues the same upload. */
  | { kind: 'interrupted' };

export interface TUploadHandlers {
  onProgress: (p: TUploadProgress) => void;
  onSuccess: (recordingId: string) => void;
  onError: (failure: TUploadFailure) => void;
}

export interface TRecordingUpload {
  recordingId: string;
  /** Continue the same upload from the server's offset (a HEAD, then PATCH from there). */
  retry: () => void;
  abort: () => void;
}

export function refusal(err: Error): TUploadFailure {
  const res = (err as tus.DetailedError).originalResponse;
  const status = res?.getStatus() ?? 0;
  if (status === 400 || status === 413 || status === 415) {
    try {
      const message = parseErrorBody(JSON.parse(res?.getBody() ?? ''))?.message;
      if (message) return { kind: 'refused', message };
    } catch {
      // Not an error body: treated as an interruption below.
    }
  }
  return { kind: 'interrupted' };
}

/** A previous, unfinished upload of this very file whose recording is still waiting for bytes. */
async function findResumable(file: File): Promise<{ recordingId: string; previous: tus.PreviousUpload } | null> {
  if (!tus.canStoreURLs) return null;
  const probe = new tus.Upload(file, { endpoint: 'about:blank', fingerprint });
  const previous = (await probe.findPreviousUploads()).sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime));
  for (const p of previous) {
    const recordingId = p.metadata.recordingId;
    if (!recordingId) continue;
    try {
      const r = await getRecording(recordingId);
      if (r.state === 'uploading' && r.access.isOwner) return { recordingId, previous: p };
    } catch {
      // Deleted or not ours any more: start afresh.
    }
  }
  return null;
}

/**
 * Creates the recording (or finds the unfinished one for this file) and starts the tus upload.
 * Throws the API error when POST recordings fails.
 */
export async function startRecordingUpload(file: File, body: TCreateRecordingBody, handlers: TUploadHandlers): Promise<TRecordingUpload> {
  const resumable = await findResumable(file).catch(() => null);
  let recordingId: string;
  let endpoint: string;
  if (resumable) {
    recordingId = resumable.recordingId;
    endpoint = (resumable.previous.uploadUrl ?? '').replace(/\/[^/]*$/, '');
    // The new form's title and sharing choices apply to the recording being resumed.
    await operations
      .updateRecording({
        ...withId(recordingId),
        body: { title: body.title, feedbackRequested: body.feedbackRequested, submitted: body.submitted },
      })
      .catch(() => undefined);
  } else {
    const created = await operations.createRecording({ body });
    if (!created?.recordingId || !created.uploadUrl) throw new Error('No recording id returned');
    recordingId = created.recordingId;
    endpoint = created.uploadUrl;
  }

  const token = sessionStore.token();
  const upload = new tus.Upload(file, {
    endpoint,
    metadata: { recordingId, filename: file.name },
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    chunkSize: chunkSize(),
    retryDelays: [0, 1000, 3000],
    removeFingerprintOnSuccess: true,
    storeFingerprintForResuming: true,
    fingerprint,
    onProgress: (sent, total) => handlers.onProgress({ sent, total }),
    onSuccess: () => handlers.onSuccess(recordingId),
    onError: (err) => handlers.onError(refusal(err)),
  });
  if (resumable) upload.resumeFromPreviousUpload(resumable.previous);
  upload.start();
  return {
    recordingId,
    retry: () => upload.start(),
    abort: () => void upload.abort(false),
  };
}

/** The message for a failed POST recordings: the server's 400/403/404 text, or the given fallback. */
export function createErrorMessage(e: unknown, fallback: string): string {
  return isApiError(e) && e.hasBody && e.status < 500 && e.message ? e.message : fallback;
}

/**
 * A failed POST recordings as the tabs show it. The server's refusal (a 4xx with its reason) is
 * final; anything else (no connection, a server error, no recording id) is the spec's upload
 * error with Retry Upload, which creates the recording again (001 section 8, Recording Error 3/4).
 */
export function createFailure(e: unknown, fallback: string): { message: string; canRetry: boolean } {
  const refused = isApiError(e) && e.hasBody && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429;
  return refused ? { message: createErrorMessage(e, fallback), canRetry: false } : { message: fallback, canRetry: true };
}
