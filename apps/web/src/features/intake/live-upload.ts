import * as tus from 'tus-js-client';
import { INTAKE_MSG } from '@rostrum/contract';
import { withId } from '../../api/http-client';
import { operations } from '../../api/operations.gen';
import { sessionStore } from '../../app/session-store';
import { GrowingSource } from './growing-source';
import { refusal, type TUploadFailure, type TUploadProgress } from './recording-upload';

// Live capture (docs/api/recordings.md): the Record tab uploads while the speaker talks. A
// capture is created when recording starts and its tus upload (length deferred) sends the bytes
// every few seconds, so at Stop only the last seconds remain. Save binds the capture to the new
// recording (POST recordings with captureId). While recording, a dropped connection is retried
// for as long as it lasts (the bytes stay in memory); failures are reported only after Stop.

/** The chunk limit of one PATCH; while recording a PATCH carries what came in the last few seconds. */
const LIVE_CHUNK_SIZE = 5 * 1024 * 1024;
/** About a minute of retries without progress (tus resets the count once bytes go through). */
export const LIVE_RETRY_DELAYS = [0, 1000, 2000, 3000, ...Array<number>(12).fill(5000)];
/** Retries of one failure after Stop before the save form shows it (Retry Upload continues). */
const RETRIES_AFTER_STOP = 3;
/** While recording, an upload that gave up starts again after this pause. */
const RESTART_WHILE_RECORDING_MS = 5000;

/** What the Record tab shows under the timer while recording. */
export type TLiveStatus = 'saving' | 'offline';

/** Where the Save form's progress goes once the recording is bound. */
export interface TLiveHandlers {
  onProgress: (p: TUploadProgress) => void;
  onSuccess: () => void;
  onError: (failure: TUploadFailure) => void;
}

export interface TLiveOptions {
  /** The assignment the take is recorded for (kept with the capture for an unsaved take's offer). */
  assignmentId?: string;
  onStatus?: (status: TLiveStatus) => void;
  /** The capture's tus upload exists at this URL (kept on the device to resume it after a reload). */
  onUploadUrl?: (captureId: string, uploadUrl: string) => void;
  /** The server has this many bytes of the take. */
  onAcked?: (bytes: number) => void;
  /** Tests: tus requests go to an in-memory server. */
  httpStack?: tus.HttpStack;
}

type TPhase = 'running' | 'done' | 'failed' | 'refused' | 'cancelled';

/** A take kept on the device whose capture may still be on the server (offered after a reload). */
export interface TKeptCapture {
  captureId: string;
  uploadUrl: string;
  blob: Blob;
}

export class LiveUpload {
  readonly source: GrowingSource;
  /** The capture's id; null when it could not be created (the take is then uploaded after Save). */
  readonly ready: Promise<string | null>;
  private upload: tus.Upload | null = null;
  private phase: TPhase = 'running';
  private failure: TUploadFailure | null = null;
  private stopped = false;
  private acked = 0;
  private handlers: TLiveHandlers | null = null;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly fileName: string,
    mimeType: string,
    private readonly options: TLiveOptions = {},
    kept?: TKeptCapture,
  ) {
    this.source = new GrowingSource(mimeType.split(';')[0]);
    if (kept) {
      // A finished take: tus asks the server where its upload stands (HEAD) and sends the rest.
      this.source.append(kept.blob);
      this.finish();
      this.ready = Promise.resolve(kept.captureId);
      this.begin(kept.captureId, { uploadUrl: kept.uploadUrl });
      return;
    }
    // Its 402 is not a redirect mid-recording: the take then uploads after Save, where a 402 shows as usual.
    this.ready = operations
      .createLiveCapture({ body: options.assignmentId ? { assignmentId: options.assignmentId } : {} }, { own402: true })
      .then(
        (c) => {
          if (this.phase === 'cancelled') {
            // Discarded before the server answered: the capture is not kept.
            void operations.deleteLiveCapture(withId(c.captureId)).catch(() => undefined);
            return null;
          }
          this.begin(c.captureId, { endpoint: c.uploadUrl });
          return c.captureId;
        },
        () => {
          this.phase = 'refused';
          return null;
        },
      );
  }

  append(blob: Blob): void {
    this.source.append(blob);
  }

  /** The recording has stopped: the last bytes go up with the length; failures are reported from now on. */
  finish(): void {
    this.stopped = true;
    this.source.finish();
  }

  /** The bound capture can still finish (not refused by the server, not discarded). */
  get usable(): boolean {
    return this.phase === 'running' || this.phase === 'done' || this.phase === 'failed';
  }

  /** Save: reports progress and the end to the handlers (at once when every byte is already there). */
  watch(handlers: TLiveHandlers): void {
    this.handlers = handlers;
    handlers.onProgress({ sent: this.acked, total: this.source.size });
    if (this.phase === 'done') handlers.onSuccess();
    else if (this.phase === 'failed') this.retry();
    else if (this.phase === 'refused' && this.failure) handlers.onError(this.failure);
  }

  /** Continues from the server's offset (a HEAD, then PATCH from there). */
  retry(): void {
    if (this.phase !== 'failed' || !this.upload) return;
    this.phase = 'running';
    this.failure = null;
    this.upload.start();
  }

  /** Stops sending; the capture stays (it is bound to a recording, or the page is going away). */
  abort(): void {
    this.phase = 'cancelled';
    clearTimeout(this.restartTimer);
    this.source.cancel();
    void this.upload?.abort(false);
  }

  /** The take is not kept: stop sending and delete the capture (best effort). */
  discard(): void {
    this.abort();
    void this.ready.then((captureId) => (captureId ? operations.deleteLiveCapture(withId(captureId)).catch(() => undefined) : undefined));
  }

  /** Creates the capture's upload at endpoint, or resumes it at uploadUrl. */
  private begin(captureId: string, at: { endpoint: string } | { uploadUrl: string }): void {
    const token = sessionStore.token();
    const upload: tus.Upload = new tus.Upload(this.source.blob(), {
      ...at,
      metadata: { captureId, filename: this.fileName },
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      chunkSize: LIVE_CHUNK_SIZE,
      uploadLengthDeferred: true,
      fileReader: { openFile: () => Promise.resolve(this.source) },
      fingerprint: () => Promise.resolve(`rostrum-live-${captureId}`),
      // tus's own URL storage is not used: the Record tab keeps the URL with the take's bytes.
      storeFingerprintForResuming: false,
      retryDelays: LIVE_RETRY_DELAYS,
      ...(this.options.httpStack ? { httpStack: this.options.httpStack } : {}),
      onShouldRetry: (err, attempt) => this.shouldRetry(err, attempt),
      onUploadUrlAvailable: () => {
        if (upload.url) this.options.onUploadUrl?.(captureId, upload.url);
      },
      onProgress: (sent) => this.handlers?.onProgress({ sent, total: this.source.size }),
      onChunkComplete: (_size, accepted) => {
        this.acked = accepted;
        this.options.onAcked?.(accepted);
        if (!this.stopped) this.options.onStatus?.('saving');
      },
      onSuccess: () => {
        this.phase = 'done';
        this.handlers?.onSuccess();
      },
      onError: (err) => this.failed(err),
    });
    this.upload = upload;
    upload.start();
  }

  private shouldRetry(err: tus.DetailedError, attempt: number): boolean {
    if (isFinal(err)) return false;
    // tus's own rule gives up when the browser says it is offline; while recording it must not.
    if (!this.stopped) {
      this.options.onStatus?.('offline');
      return true;
    }
    return attempt < RETRIES_AFTER_STOP;
  }

  private failed(err: Error): void {
    if (this.phase === 'cancelled') return;
    if (isFinal(err)) {
      // Refused by the server (the capture is gone, the file is refused): no retry can help.
      const f = refusal(err);
      this.phase = 'refused';
      this.failure = { kind: 'refused', message: f.kind === 'refused' ? f.message : INTAKE_MSG.recordUploadError };
      this.handlers?.onError(this.failure);
      return;
    }
    this.phase = 'failed';
    this.failure = { kind: 'interrupted' };
    if (!this.stopped) {
      this.restartTimer = setTimeout(() => this.retry(), RESTART_WHILE_RECORDING_MS);
      return;
    }
    this.handlers?.onError(this.failure);
  }
}

/** A 4xx answer other than 409/423 (tus's own rule): retrying the same request cannot succeed. */
function isFinal(err: Error): boolean {
  const status = (err as tus.DetailedError).originalResponse?.getStatus() ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 423;
}
