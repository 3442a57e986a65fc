/** The Zoom stand-in's port beside the app under test (one per e2e run): the app's port + 3000. */
export function zoomStandInPort(baseURL: string): number {
  return Number(new URL(baseURL).port || '8181') + 3000;
}
