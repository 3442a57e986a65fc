import { FAILED_REASONS, type TFailedCode as TRecordingFailedCode } from '@rostrum/contract';

// The failure codes and their sentences live in the contract: the web app words each one.
export { FAILED_REASONS };
/** The failures the analysis itself can end with (intake decides the others). */
export type TFailedCode = Extract<
  TRecordingFailedCode,
  'noSpeech' | 'noData' | 'tooShort' | 'unprocessable' | 'cancelled' | 'transcriptionUnavailable'
>;

/** Thrown by analyze(); the worker stores `code` on the recording. */
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
