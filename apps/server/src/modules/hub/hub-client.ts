import * as oidc from 'openid-client';
import type { THubConfig } from '../../config.js';

// The partner hub, seen through openid-client: OIDC discovery at HUB_ISSUER, or the plain OAuth2
// endpoints of the configuration. Authorization code with PKCE (S256) either way; a nonce and an
// ID token in OIDC mode. Tokens stay in this module: only the identity's claims leave it.

/** Who signed in at the hub. */
export interface THubIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  /** Only a boolean true from the hub counts. */
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

/** What btc/authorize keeps to finish the sign-in. */
export interface THubChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const TIMEOUT_SECONDS = 10;

const insecure = (u: string) => new URL(u).protocol === 'http:';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

export class HubClient {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly hub: THubConfig,
    /** {origin}/btc/sign-in: registered at the hub. */
    readonly redirectUri: string,
  ) {}

  get isOidc(): boolean {
    return !!this.hub.issuer;
  }

  /** Discovered once and kept; a failed discovery is tried again on the next sign-in. */
  private config(): Promise<oidc.Configuration> {
    this.configuration ??= this.load().catch((err: unknown) => {
      this.configuration = null;
      throw err;
    });
    return this.configuration;
  }

  private async load(): Promise<oidc.Configuration> {
    const auth = oidc.ClientSecretBasic(this.hub.clientSecret);
    if (this.hub.issuer) {
      const execute = insecure(this.hub.issuer) ? [oidc.allowInsecureRequests] : [];
      const c = await oidc.discovery(new URL(this.hub.issuer), this.hub.clientId, undefined, auth, { execute, timeout: TIMEOUT_SECONDS });
      c.timeout = TIMEOUT_SECONDS;
      return c;
    }
    const e = this.hub.endpoints!;
    const c = new oidc.Configuration(
      {
        // Plain OAuth2 has no issuer identifier: the authorisation page's origin names the hub.
        issuer: new URL(e.authorization).origin,
        authorization_endpoint: e.authorization,
        token_endpoint: e.token,
        userinfo_endpoint: e.userinfo,
      },
      this.hub.clientId,
      undefined,
      auth,
    );
    if ([e.authorization, e.token, e.userinfo].some(insecure)) oidc.allowInsecureRequests(c);
    c.timeout = TIMEOUT_SECONDS;
    return c;
  }

  /** Fresh state, nonce and PKCE verifier for one sign-in. */
  static newChecks(): THubChecks {
    return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  }

  /** The hub's authorisation page (000 section 4's parameters plus scope, PKCE and, in OIDC mode, the nonce). */
  async authorizationUrl(checks: THubChecks): Promise<string> {
    const config = await this.config();
    const params: Record<string, string> = {
      access_type: 'online',
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: this.hub.scopes,
      state: checks.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (this.isOidc) params.nonce = checks.nonce;
    return oidc.buildAuthorizationUrl(config, params).href;
  }

  /**
   * Exchanges the code (with the verifier, checking state, issuer and, in OIDC mode, the ID
   * token and its nonce), then reads the identity from the ID token and the UserInfo endpoint.
   */
  async identity(response: { code: string; state: string; iss?: string }, checks: THubChecks): Promise<THubIdentity> {
    const config = await this.config();
    const current = new URL(this.redirectUri);
    current.searchParams.set('code', response.code);
    current.searchParams.set('state', response.state);
    if (response.iss) current.searchParams.set('iss', response.iss);
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: this.isOidc ? checks.nonce : undefined,
      idTokenExpected: this.isOidc,
    });
    const idClaims = tokens.claims();
    let claims: Record<string, unknown> = { ...(idClaims ?? {}) };
    if (config.serverMetadata().userinfo_endpoint) {
      // The UserInfo answer must be about the ID token's subject (when there is one).
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims?.sub ?? oidc.skipSubjectCheck);
      claims = { ...claims, ...info };
    }
    const subject = text(claims.sub);
    if (!subject) throw new oidc.ClientError('the hub named no subject');
    const email = text(claims.email)?.toLowerCase() ?? null;
    return {
      issuer: config.serverMetadata().issuer,
      subject,
      email,
      emailVerified: !!email && claims.email_verified === true,
      givenName: text(claims.given_name),
      familyName: text(claims.family_name),
      name: text(claims.name),
    };
  }
}

export type THubFailure = 'rejected' | 'unavailable';

/**
 * Whether a failed exchange is the hub refusing this code (used, expired, not for this sign-in,
 * a token that fails its checks) or the hub being out of reach or out of order.
 */
export function classifyHubFailure(err: unknown): { kind: THubFailure; detail: string } {
  if (err instanceof oidc.ResponseBodyError) {
    return { kind: err.status >= 500 ? 'unavailable' : 'rejected', detail: `${err.status} ${err.error}` };
  }
  if (err instanceof oidc.AuthorizationResponseError) return { kind: 'rejected', detail: err.error };
  if (err instanceof oidc.ClientError) {
    // Network failures and unreadable answers come wrapped with these codes.
    const unreachable = err.code === 'OAUTH_RESPONSE_IS_NOT_JSON' || err.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || isNetwork(err.cause);
    return { kind: unreachable ? 'unavailable' : 'rejected', detail: err.code ?? 'client error' };
  }
  if (isNetwork(err)) return { kind: 'unavailable', detail: (err as Error).name };
  return { kind: 'unavailable', detail: err instanceof Error ? err.name : 'unknown' };
}

function isNetwork(err: unknown): boolean {
  return err instanceof TypeError || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'));
}
