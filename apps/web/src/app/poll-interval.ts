// How often pages refetch something that is still processing. The product's intervals stand
// (spec 001 section 4: every 10 s); only a test may shorten them.

/** Test hook: e2e sets a shorter interval here (playwright.config.ts), so waits for results end sooner. */
const POLL_OVERRIDE_KEY = 'rostrum.pollMs';
/** The shortest interval the hook accepts: it never turns polling into a busy loop. */
const MIN_OVERRIDE_MS = 500;

/** `normalMs`, or the test hook's shorter interval when one is set. */
export function pollInterval(normalMs: number): number {
  try {
    const v = Number(window.localStorage.getItem(POLL_OVERRIDE_KEY));
    return Number.isFinite(v) && v >= MIN_OVERRIDE_MS ? Math.min(v, normalMs) : normalMs;
  } catch {
    return normalMs;
  }
}
