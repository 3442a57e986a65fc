/**
 * Where the session lives in localStorage (000 section 4). Also read, before the app's code has
 * loaded, by the route preload script (build/route-preload.ts) to ask for a page's first data.
 */
export const SESSION_STORAGE_KEYS = { apiKey: 'rostrum.apiKey', expires: 'rostrum.apiKeyExpires', orgCode: 'rostrum.orgCode' } as const;
