// The cookie that binds a hub sign-in to the browser that started it: a random secret, httpOnly
// (no script reads it), SameSite=Lax, sent only to the btc calls. The server keeps its hash.

export const HUB_BINDING_COOKIE = 'rostrum_hub';

const VALUE = /^[A-Za-z0-9_-]{43}$/;

/** The binding secret the browser sent, if well formed. */
export function readBinding(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0 || part.slice(0, i).trim() !== HUB_BINDING_COOKIE) continue;
    const value = part.slice(i + 1).trim();
    if (VALUE.test(value)) return value;
  }
  return null;
}

export function bindingCookie(value: string, opts: { path: string; secure: boolean; maxAgeSeconds: number }): string {
  return [
    `${HUB_BINDING_COOKIE}=${value}`,
    `Path=${opts.path}`,
    `Max-Age=${opts.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(opts.secure ? ['Secure'] : []),
  ].join('; ');
}
