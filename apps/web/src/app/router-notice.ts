/**
 * A notice another page passed in the router state, shown by the page it navigated to:
 * `navigate(dashboardPath(mode), { state: { notice } })`, the notice a title or { title, text }.
 */
export function noticeFromState(state: unknown): { title: string; text?: string } | null {
  if (!state || typeof state !== 'object' || !('notice' in state)) return null;
  const n = (state as { notice: unknown }).notice;
  if (typeof n === 'string' && n) return { title: n };
  if (n && typeof n === 'object' && typeof (n as { title?: unknown }).title === 'string') {
    const { title, text } = n as { title: string; text?: unknown };
    return { title, text: typeof text === 'string' ? text : undefined };
  }
  return null;
}
