import { API_PREFIX, ZClientConfigSchema } from '@rostrum/contract';

// Error notifications are also reported to an error-reporting service, their text cut to 200
// characters (spec 000 section 8). It is on only when the server has SENTRY_DSN set: the web
// app asks the server at start, and loads the Sentry SDK only then (its own chunk).

export const REPORTED_TEXT_MAX = 200;

type TSentry = typeof import('@sentry/react');
let sentry: TSentry | null = null;
/** Reports made before the SDK finished loading. */
const early: string[] = [];

/** Links in this product carry secrets in their query (sign-in keys, reset tokens, media signatures). */
export function scrubUrl(url: string): string {
  return url.replace(/([?&](?:key|token|sig|email|invite|code)=)[^&#]*/gi, '$1[Filtered]');
}

export async function startErrorReporting(): Promise<void> {
  const res = await fetch(`${API_PREFIX}/client-config`).catch(() => null);
  if (!res?.ok) return;
  const parsed = ZClientConfigSchema.safeParse((await res.json().catch(() => null))?.data);
  const cfg = parsed.success ? parsed.data.errorReporting : null;
  if (!cfg) return;
  const s = await import('@sentry/react');
  s.init({
    dsn: cfg.dsn,
    environment: cfg.environment,
    // Errors only: no tracing, no replays, no breadcrumbs (they would carry addresses and text).
    defaultIntegrations: false,
    integrations: [s.globalHandlersIntegration(), s.linkedErrorsIntegration(), s.dedupeIntegration()],
    maxBreadcrumbs: 0,
    beforeSend(event) {
      if (event.request) {
        event.request = { url: event.request.url ? scrubUrl(event.request.url) : undefined };
      }
      if (event.message) event.message = event.message.slice(0, REPORTED_TEXT_MAX);
      for (const ex of event.exception?.values ?? []) if (ex.value) ex.value = ex.value.slice(0, REPORTED_TEXT_MAX);
      delete event.user;
      return event;
    },
  });
  sentry = s;
  for (const text of early.splice(0)) s.captureMessage(text, 'error');
}

/** Reports an error notification the user was shown. */
export function reportNotification(title: string, text?: string): void {
  const message = (text ? `${title}: ${text}` : title).slice(0, REPORTED_TEXT_MAX);
  if (sentry) sentry.captureMessage(message, 'error');
  else if (early.length < 10) early.push(message);
}
