import * as Sentry from '@sentry/node';
import type { FastifyRequest } from 'fastify';
import { withoutQueryValues } from './database-errors.js';

// Unexpected errors (5xx, crashed jobs) go to an error-reporting service (spec 000 section 8)
// when SENTRY_DSN is set; otherwise this module does nothing. Reports never carry request
// bodies, cookies, keys, tokens or passwords, and their texts are cut to 200 characters.

export const REPORTED_TEXT_MAX = 200;

/**
 * Query parameters that carry secrets in this product's links (sign-in keys, reset tokens, media
 * signatures, a partner hub's or Zoom's OAuth code and state on their way back).
 */
const SECRET_PARAMS = /^(key|token|sig|password|apikey|invite|code|state|email)$/i;
const SECRET_TEXT = /(Bearer\s+)[^\s"']+|([?&](?:key|token|sig)=)[^&\s"']+/gi;

let enabled = false;

export function initErrorReporting(opts: { dsn?: string; environment: string; release?: string }): void {
  if (!opts.dsn) return;
  Sentry.initWithoutDefaultIntegrations({
    dsn: opts.dsn,
    environment: opts.environment,
    release: opts.release,
    // Errors only: no tracing, and nothing collected from requests but what reportRequestError sets.
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
    maxBreadcrumbs: 0,
    beforeSend: (event) => scrubEvent(event),
  });
  enabled = true;
}

const cut = (s: string) => redact(s).slice(0, REPORTED_TEXT_MAX);
const redact = (s: string) => s.replace(SECRET_TEXT, (_m, bearer?: string, param?: string) => `${bearer ?? param ?? ''}[Filtered]`);

/** Strips what a report must never carry; exported for its test. */
export function scrubEvent<E extends Sentry.ErrorEvent>(event: E): E {
  if (event.message) event.message = cut(event.message);
  for (const ex of event.exception?.values ?? []) {
    if (ex.value) ex.value = cut(ex.value);
  }
  if (event.request) {
    delete event.request.data;
    delete event.request.cookies;
    event.request.headers = { 'user-agent': event.request.headers?.['user-agent'] ?? '' };
    if (event.request.url) event.request.url = scrubUrl(event.request.url);
    if (typeof event.request.query_string === 'string') event.request.query_string = scrubQuery(event.request.query_string);
    else delete event.request.query_string;
  }
  delete event.extra;
  delete event.breadcrumbs;
  if (event.user) event.user = event.user.id ? { id: event.user.id } : {};
  return event;
}

function scrubQuery(q: string): string {
  const params = new URLSearchParams(q);
  for (const k of [...params.keys()]) if (SECRET_PARAMS.test(k)) params.set(k, '[Filtered]');
  return params.toString();
}

/** The address with its secret query parameters filtered (reports and the request log). */
export function scrubUrl(u: string): string {
  const i = u.indexOf('?');
  return i < 0 ? u : `${u.slice(0, i)}?${scrubQuery(u.slice(i + 1))}`;
}

/** Reports an unexpected request failure with the route and the caller's ids only. */
export function reportRequestError(err: unknown, req: FastifyRequest): void {
  if (!enabled) return;
  Sentry.withScope((scope) => {
    scope.setTag('route', req.routeOptions?.url ?? 'unknown');
    scope.setTag('method', req.method);
    if (req.auth) {
      scope.setUser({ id: req.auth.userId });
      scope.setTag('orgId', req.auth.orgId);
    }
    scope.setContext('request', { method: req.method, url: scrubUrl(req.url) });
    Sentry.captureException(withoutQueryValues(err));
  });
}

/** Reports a failure outside a request (a job, start-up). */
export function reportError(err: unknown, context: Record<string, string> = {}): void {
  if (!enabled) return;
  Sentry.withScope((scope) => {
    for (const [k, v] of Object.entries(context)) scope.setTag(k, v);
    Sentry.captureException(withoutQueryValues(err));
  });
}

/** Waits for queued reports to leave (on shutdown, and in tests). */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  if (enabled) await Sentry.flush(timeoutMs);
}
