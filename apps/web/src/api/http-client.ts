import { API_PREFIX, MSG, ZApiErrorSchema } from '@rostrum/contract';

/** An API failure with the message a user should see (spec 000 section 8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** False when the response carried no error body (the message is then 'Network error'). */
    readonly hasBody: boolean,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The server's message for a failure, or the given fallback. */
export function errorMessage(e: unknown, fallback: string): string {
  return isApiError(e) && e.hasBody && e.message ? e.message : fallback;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | undefined>;
  /** Leave 402 to the caller instead of the global redirect to subscription (join, invite check). */
  own402?: boolean;
  signal?: AbortSignal;
}

/** Cross-cutting behaviour the app plugs in: the bearer token and the global 401/402 rules. */
export interface HttpHooks {
  token: () => string | null;
  beforeWrite: () => void;
  onUnauthorized: () => void;
  onPaymentRequired: () => void;
}

let hooks: HttpHooks = {
  token: () => null,
  beforeWrite: () => {},
  onUnauthorized: () => {},
  onPaymentRequired: () => {},
};

export function configureHttp(h: HttpHooks): void {
  hooks = h;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_PREFIX}/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, v);
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** One call to the API: unwraps `data`, maps failures to the spec's messages, applies the 401/402 rules. */
export async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<T> {
  // POST and PUT clear any notification first (000 section 7).
  if (method === 'POST' || method === 'PUT') hooks.beforeWrite();
  const token = hooks.token();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: opts.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, MSG.offline, false);
  }

  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }

  if (res.ok) return (json as { data?: T } | undefined)?.data as T;

  if (res.status >= 500) throw new ApiError(res.status, MSG.serverError, json !== undefined);
  const parsed = ZApiErrorSchema.safeParse(json);
  if (!parsed.success) throw new ApiError(res.status, MSG.networkError, false);
  const message = parsed.data.errors[0]?.message ?? MSG.networkError;
  const error = new ApiError(res.status, message, true);

  // A wrong current password is a form error, not a lost session.
  if (res.status === 401 && token && message !== MSG.currentPasswordWrong) hooks.onUnauthorized();
  if (res.status === 402 && token && !opts.own402) hooks.onPaymentRequired();
  throw error;
}
