// Answers the route preload script (build/route-preload.ts) asked for while the app's code was
// still loading: GET me and a results page's recording, sent with the stored session's key.
// Each is used once, by the first GET of the same address with the same key; anything else goes
// to the network as usual.

/** What the results page asks GET recordings/{id} to include (also asked early, so one constant). */
export const RECORDING_PAGE_EXPAND = 'tips,timestamped';

/** An address as the early answers are filed: path and query, the query in one encoding. */
export function earlyKey(url: URL): string {
  const query = new URLSearchParams(url.search).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** What the preload script leaves on window: address -> the key it was sent with and the answer. */
export const EARLY_RESPONSES_GLOBAL = '__rostrumEarly';

type TEarly = Record<string, { auth: string; response: Promise<Response> }>;

/** The early answer for this request, taken (a body can be read once); null when there is none. */
export function takeEarlyResponse(request: Request): Promise<Response> | null {
  if (request.method !== 'GET') return null;
  const early = (window as unknown as Record<string, TEarly | undefined>)[EARLY_RESPONSES_GLOBAL];
  if (!early) return null;
  const url = new URL(request.url);
  if (url.origin !== window.location.origin) return null;
  const key = earlyKey(url);
  const hit = early[key];
  if (!hit) return null;
  delete early[key];
  // Signed in again (or out) since: that answer belongs to another key.
  if (hit.auth !== request.headers.get('Authorization')) return null;
  return hit.response;
}
