// The dashboards sum a whole group (a coach's: every recording of every assignment, with its
// feedback) for each call: the heaviest calls of the web app. A caller's dashboard is therefore
// kept a few seconds (DASHBOARD_CACHE_SECONDS) and served again to that same caller only:
//  - the key is the caller (organisation and user) and what was asked (the group), so nothing
//    crosses users or organisations;
//  - permissions are not cached: the route checks the caller (key, subscription, coach of the
//    group) on every call before asking here;
//  - any change made through this API node (a request other than GET, HEAD or OPTIONS) empties
//    the cache, so a user sees their own change at once; changes made elsewhere (the worker
//    finishing an analysis, another API node) show within the lifetime, counted from when the
//    figures were ready;
//  - callers asking at the same moment share one computation;
//  - `shared` keeps what depends on no caller (a group's figures before each coach's view is applied)
//    for every caller of the organisation: the key is the organisation and what was asked, and
//    what is kept there must never have been filtered for a caller. A dashboard computed from kept
//    figures is kept in turn, so a coach sees changes made elsewhere within twice the lifetime.

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Bounds the memory: beyond this many callers the oldest entries go first. */
const MAX_ENTRIES = 5_000;
const PENDING_MS = 60_000;

export class DashboardCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(private readonly lifetimeMs: number) {}

  /** The caller's dashboard `what`, computed by `compute` unless a fresh one is kept. */
  get<T>(caller: { orgId: string; userId: string }, what: string, compute: () => Promise<T>): Promise<T> {
    return this.keep(`${caller.orgId}/${caller.userId}/${what}`, compute);
  }

  /** Figures of the organisation that depend on no caller, computed by `compute` unless fresh ones are kept. */
  shared<T>(orgId: string, what: string, compute: () => Promise<T>): Promise<T> {
    return this.keep(`${orgId}/*/${what}`, compute);
  }

  private keep<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.lifetimeMs <= 0) return compute();
    const kept = this.entries.get(key);
    if (kept && kept.expires > Date.now()) return kept.value as Promise<T>;
    const value = compute();
    // Shared while it is computed (a minute at most, should it hang), then kept for the lifetime
    // from when it is ready: on a busy server a computation may take longer than the lifetime.
    const entry = { expires: Date.now() + PENDING_MS, value: value as Promise<unknown> };
    this.entries.delete(key);
    this.entries.set(key, entry);
    value.then(
      () => {
        entry.expires = Date.now() + this.lifetimeMs;
      },
      // A failed computation (404, 403, a database error) is never served again.
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** After a request: one that may have changed something empties the cache. */
  afterRequest(method: string): void {
    if (!READS.has(method)) this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
