/** The LTI platform stand-in's port beside the app under test (one per e2e run): the app's port + 4000. */
export function ltiStandInPort(baseURL: string): number {
  return Number(new URL(baseURL).port || '8181') + 4000;
}
