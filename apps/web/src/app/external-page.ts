/** Leaves the app for a page of another site (the operator's free-trial thanks page). */
export function openExternalPage(url: string): void {
  window.location.assign(url);
}
