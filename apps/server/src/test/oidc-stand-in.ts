import type { Server } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

// A real OpenID provider (panva's oidc-provider) on 127.0.0.1 standing in for a partner hub in
// tests: one confidential client, the accounts the test gives, and oidc-provider's own
// development login form (any password; the login names the account). Consent is granted at
// once, as a hub does for its partners, so a sign-in is: authorisation page, login form, back.

export const STAND_IN_CLIENT_ID = 'rostrum';
export const STAND_IN_CLIENT_SECRET = 'stand-in-client-secret-0123456789';

export interface TStandInAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export class OidcStandIn {
  /** The accounts by login (the subject); tests may add more at any time. */
  readonly accounts = new Map<string, TStandInAccount>();
  private server: Server | null = null;
  issuer = '';

  constructor(private readonly redirectUris: string[]) {}

  async start(port = 0): Promise<string> {
    const accounts = this.accounts;
    const configuration: Configuration = {
      clients: [
        {
          client_id: STAND_IN_CLIENT_ID,
          client_secret: STAND_IN_CLIENT_SECRET,
          redirect_uris: this.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
      cookies: { keys: ['oidc-stand-in-cookie-key-0123456789'] },
      features: { devInteractions: { enabled: true } },
      ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
      async findAccount(_ctx, sub) {
        const claims = accounts.get(sub);
        if (!claims) return undefined;
        return { accountId: sub, claims: async () => ({ sub, ...claims }) };
      },
      // Consent is the hub's business with its partner: granted without asking.
      async loadExistingGrant(ctx) {
        const { oidc } = ctx;
        const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId);
        if (grantId) return oidc.provider.Grant.find(grantId);
        const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    };
    const listen = (p: number) =>
      new Promise<Server>((resolve, reject) => {
        // The issuer names the port, so the provider is made once the port is known.
        const probe = p;
        const provider = new Provider(`http://127.0.0.1:${probe}`, configuration);
        const server = provider.listen(probe, '127.0.0.1');
        server.once('listening', () => resolve(server));
        server.once('error', reject);
      });
    if (port === 0) port = await freePort();
    this.server = await listen(port);
    this.issuer = `http://127.0.0.1:${port}`;
    return this.issuer;
  }

  async close(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.once('error', reject);
  });
}

/**
 * A browser's cookies for one origin, enough for the provider's login form: fetch does not keep
 * cookies, and the provider binds an interaction to them.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i).trim(), pair!.slice(i + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Plays the user at the provider: opens the authorisation page, signs in as `login` on the
 * login form (or cancels there), and follows the redirects until the provider sends the browser
 * back to Rostrum; returns that address (with code and state, or error).
 */
export async function signInAtProvider(authorizationUrl: string, login: string, opts: { cancel?: boolean } = {}): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  const issuerOrigin = url.origin;
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: jar.header() } });
    jar.store(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      init = {};
      if (url.origin !== issuerOrigin) return url;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 200)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error('no form on the provider page');
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (opts.cancel) {
      const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error('no abort link on the provider page');
      url = new URL(abort.replace(/&amp;/g, '&'), url);
      init = {};
      continue;
    }
    url = new URL(action.replace(/&amp;/g, '&'), url);
    const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt: prompt ?? 'consent' });
    init = { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('too many redirects at the provider');
}
