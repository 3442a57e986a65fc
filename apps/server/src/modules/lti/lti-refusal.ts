import { HttpError } from '../../errors.js';
import type { TFraming } from './lti-pages.js';
import type { TPlatformRow } from './lti.repository.js';

// A refused launch step is answered with a page (lti-pages.ts), framed by the platform's origins
// when the platform is known, so the refusal shows inside the LMS's iframe rather than as the
// browser's "refused to connect".

/** A refusal of a launch, shown as a page: its status, code and message, and where to try again. */
export class LaunchRefusal extends HttpError {
  /** What failed, for the log only (a JOSE error code, 'azp', ...). */
  readonly reason: string | undefined;
  constructor(
    err: HttpError,
    readonly framing: TFraming,
    readonly retryUrl: string | null = null,
  ) {
    super(err.status, err.message, err.code);
    this.reason = (err as { why?: string }).why;
  }
}

/** The origins that may frame the launch's pages: the platform's, and where the signed message says it shows them. */
export function framingOf(platform: TPlatformRow, ...more: (string | null | undefined)[]): TFraming {
  const origins = new Set<string>();
  for (const url of [platform.issuer, platform.authorizationUrl, ...more]) {
    try {
      if (url && /^https?:/.test(url)) origins.add(new URL(url).origin);
    } catch {
      // not an address: nothing to allow
    }
  }
  return { frameAncestors: [...origins] };
}
