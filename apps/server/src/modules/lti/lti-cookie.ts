// The cookie that binds an LTI login to the browser that started it: a random secret, httpOnly,
// sent only to the lti calls. The platform posts the launch from its own site (often inside an
// iframe), a cross-site request, so the cookie must be SameSite=None, which browsers take only
// with Secure. Browsers keep Secure cookies on http://localhost too, so development works there;
// on any other plain-http address a launch fails with lti.state_invalid (docs/decisions/lti.md).
// Partitioned (CHIPS): a browser that blocks third-party cookies still keeps one set inside the
// platform's iframe for that iframe, and the login and the launch happen in the same iframe.

export const LTI_BINDING_COOKIE = 'rostrum_lti';

const VALUE = /^[A-Za-z0-9_-]{43}$/;

/** The binding secret the browser sent, if well formed. */
export function readLtiBinding(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0 || part.slice(0, i).trim() !== LTI_BINDING_COOKIE) continue;
    const value = part.slice(i + 1).trim();
    if (VALUE.test(value)) return value;
  }
  return null;
}

export function ltiBindingCookie(value: string, opts: { path: string; maxAgeSeconds: number }): string {
  return [
    `${LTI_BINDING_COOKIE}=${value}`,
    `Path=${opts.path}`,
    `Max-Age=${opts.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=None',
    'Secure',
    'Partitioned',
  ].join('; ');
}
