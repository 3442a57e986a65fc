// Failure reasons the spec's results page knows how to explain (spec 001 section 8).
export const FAILED_REASONS = {
  noSpeech: 'No speech detected for 30s.',
  noData: 'Recording contains no data.',
  tooShort: 'Recording is too short.',
  unprocessable: 'Recording could not be processed. Do not retry.',
  cancelled: 'Analysis was cancelled.',
  transcriptionUnavailable: 'Transcription service unavailable. Retry later.',
} as const;
export type TFailedCode = keyof typeof FAILED_REASONS;

/** Thrown by analyze(); the worker stores `failedReason` on the recording as is. */
export class AnalysisError extends Error {
  readonly code: TFailedCode;
  readonly failedReason: string;
  /** False for reasons that will fail again on retry (bad media, no speech). */
  readonly retryable: boolean;

  constructor(code: TFailedCode, detail?: string, options?: { cause?: unknown }) {
    super(detail ? `${FAILED_REASONS[code]} (${detail})` : FAILED_REASONS[code], options);
    this.name = 'AnalysisError';
    this.code = code;
    this.failedReason = FAILED_REASONS[code];
    this.retryable = code === 'cancelled' || code === 'transcriptionUnavailable';
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AnalysisError('cancelled');
}
