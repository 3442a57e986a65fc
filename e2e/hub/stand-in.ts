/** The OpenID provider stand-in (a partner hub) beside the app under test: PORT+2000. */
export function hubStandInPort(baseURL: string): number {
  return Number(new URL(baseURL).port || '8181') + 2000;
}

/** The stand-in's client (apps/server/src/test/oidc-stand-in.ts) and its one account. */
export const HUB_CLIENT_ID = 'rostrum';
export const HUB_CLIENT_SECRET = 'stand-in-client-secret-0123456789';
/** Signs in at the stand-in as the demo's Riverside student (verified email, linked on first use). */
export const HUB_LOGIN = 'stevie';
export const HUB_ORG_CODE = 'riverside';
