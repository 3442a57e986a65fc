import { FAILED_REASONS } from '@rostrum/contract';

// The failure reasons live in the contract: the web app words each one on the results page.
export { FAILED_REASONS };
export type TFailedCode = Exclude<keyof typeof FAILED_REASONS, 'tooLong'>;

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
