import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

// Configuration comes from the environment only. A missing or malformed setting stops the
// process at start with one clear line (see main.ts), never a stack trace.

const port = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A comma-separated setting whose every item passes `check`; empty means none. */
const commaList = (check: (item: string) => boolean, message: string) =>
  z
    .string()
    .default('')
    .refine((v) => list(v).every(check), message);

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** https, or http on a loopback address (a hub stand-in in tests and development). */
const hubUrl = z.string().refine((v) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname));
  } catch {
    return false;
  }
}, 'must be an https:// URL (http:// only for 127.0.0.1 or localhost)');

const bool = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true');

function isAddressOrCidr(v: string): boolean {
  if (ipaddr.isValid(v)) return true;
  try {
    ipaddr.parseCIDR(v);
    return true;
  } catch {
    return false;
  }
}

const ZEnvSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Rostrum <no-reply@rostrum.local>'),
  /** The support contact shown to users (e.g. with a failed Zoom import); none by default. */
  SUPPORT_EMAIL: z.email('must be an email address').optional(),
  /** Where free-trial users go after a URL upload (001 section 2); unset: the app's own thanks page. */
  FREE_TRIAL_THANKS_URL: url(['http:', 'https:']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Hosts the URL upload may fetch even though they are private or loopback (tests, intranets). */
  URL_FETCH_ALLOW_HOSTS: z.string().default(''),
  /** Signs short-lived media addresses; every API node needs the same value. */
  MEDIA_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JOB_POLL_SECONDS: z.coerce.number({ message: 'must be a number' }).min(0.5, 'must be at least 0.5').max(60).default(2),
  /**
   * A job still active after this long is taken to have died with its worker and runs again.
   * The minimum is 10 so the worker-crash test can expire a job quickly; production keeps 1800.
   */
  JOB_EXPIRE_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(10, 'must be at least 10').default(1800),
  WORKER_CONCURRENCY: z.coerce.number({ message: 'must be a number' }).int().min(1).max(16).default(1),
  /** Every job-running process refreshes its row in the worker registry this often (jobs/worker-registry.ts). */
  WORKER_HEARTBEAT_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(60).default(5),
  /**
   * A worker whose heartbeat is older than this is gone: its active jobs are handed back for
   * retry. At least three heartbeats, so a slow write or two never declares a live worker gone.
   */
  WORKER_GONE_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(10).max(3600).default(20),
  /** How long a caller's dashboard is served again before it is computed anew; 0 turns that off. */
  DASHBOARD_CACHE_SECONDS: z.coerce.number({ message: 'must be a number' }).min(0).max(60).default(5),
  /**
   * Proxies whose X-Forwarded-For is believed: off (default), or a comma list of addresses and
   * CIDRs (e.g. "127.0.0.1,10.0.0.0/8"). Anyone else's forwarded headers are ignored.
   */
  TRUST_PROXY: commaList(isAddressOrCidr, 'must be a comma list of IP addresses or CIDRs'),
  /** Browser origins allowed to call the API from another site (CORS); none by default. */
  CORS_ALLOWED_ORIGINS: commaList((o) => /^https?:\/\/[^/\s]+$/.test(o), 'must be a comma list of origins like https://app.example.com'),
  /** Error reporting (Sentry or a compatible service); off when unset. */
  SENTRY_DSN: url(['http:', 'https:']).optional(),
  SENTRY_ENVIRONMENT: z.string().max(64).default('production'),
  /** Card payments with Stripe: all three keys, or none (card payment not configured). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must start with whsec_')
    .optional(),
  /** Test and development only: a local stand-in for api.stripe.com (e.g. http://127.0.0.1:12111). */
  STRIPE_API_BASE: url(['http:', 'https:']).optional(),
  /**
   * Sign-in through a partner hub (OAuth2 / OpenID Connect): HUB_CLIENT_ID turns it on, and then
   * HUB_CLIENT_SECRET, HUB_ORG_CODE and either HUB_ISSUER (OIDC discovery) or the three endpoint
   * URLs are needed. Plain http is accepted for loopback addresses only (tests, development).
   */
  HUB_ISSUER: hubUrl.optional(),
  HUB_AUTHORIZATION_URL: hubUrl.optional(),
  HUB_TOKEN_URL: hubUrl.optional(),
  HUB_USERINFO_URL: hubUrl.optional(),
  HUB_CLIENT_ID: z.string().max(500).optional(),
  HUB_CLIENT_SECRET: z.string().max(500).optional(),
  /** The organisation (its code) the hub's people belong to. */
  HUB_ORG_CODE: z.string().max(100).optional(),
  HUB_SCOPES: z.string().max(500).default('openid email profile'),
  /** Link a hub identity to the account with its email, when the hub marks the email verified. */
  HUB_LINK_VERIFIED_EMAIL: bool.default(false),
  /** Create an account in HUB_ORG_CODE for a hub identity that maps to none. */
  HUB_CREATE_ACCOUNTS: bool.default(false),
  /** Optional: the invite code of a group that accounts created by hub sign-in join as speakers. */
  HUB_GROUP_CODE: z.string().max(100).optional(),
  /** Zoom cloud-recording import (an OAuth app of Zoom's): all three, or none (import off). */
  ZOOM_CLIENT_ID: z.string().min(1).max(200).optional(),
  ZOOM_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  /** Encrypts Zoom tokens at rest (AES-256-GCM): 32 bytes, base64 or hex. */
  ZOOM_TOKEN_KEY: z
    .string()
    .refine((v) => tokenKeyBytes(v) !== null, 'must be 32 bytes, base64 (44 characters) or hex (64 characters)')
    .optional(),
  ZOOM_API_BASE: url(['http:', 'https:']).default('https://api.zoom.us/v2'),
  ZOOM_OAUTH_BASE: url(['http:', 'https:']).default('https://zoom.us'),
  /** Where media live: local folders under DATA_DIR (default) or an S3-compatible bucket. */
  STORAGE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  /** The S3 service, e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000. */
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)')
    .optional(),
  S3_REGION: z.string().min(1).max(64).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  /** Bucket in the path (most self-hosted S3 servers) rather than in the host name. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Playback by presigned bucket addresses (true) or streamed through the API (false). */
  S3_PRESIGN: bool.default(true),
});

/** A 32-byte key written as 64 hex digits or as base64; null otherwise. */
function tokenKeyBytes(v: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const b = Buffer.from(v, 'base64');
    return b.length === 32 ? b : null;
  }
  return null;
}

export interface TConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Shown to users as the support contact; absent: they are told to ask their administrator. */
  supportEmail?: string;
  /** The external thanks page for free-trial users after a URL upload; absent: the app's /thanks. */
  freeTrialThanksUrl?: string;
  logLevel: string;
  urlFetchAllowHosts: string[];
  mediaSecret?: string;
  jobPollSeconds: number;
  jobExpireSeconds: number;
  workerConcurrency: number;
  workerHeartbeatSeconds: number;
  workerGoneSeconds: number;
  /** Seconds a caller's dashboard is kept (DASHBOARD_CACHE_SECONDS); absent or 0: none. */
  dashboardCacheSeconds?: number;
  /** Addresses and CIDRs of trusted proxies; empty means X-Forwarded-For is ignored. */
  trustProxy: string[];
  corsAllowedOrigins: string[];
  sentryDsn?: string;
  sentryEnvironment: string;
  /** Stripe keys; absent: card payment is not configured (prepaid codes still work). */
  stripe?: TStripeConfig;
  /** Sign-in through a partner hub; absent: not configured (the link is not shown). */
  hub?: THubConfig;
  /** Zoom import keys; absent: the Upload ZOOM tab is not shown and the zoom calls answer 403. */
  zoom?: TZoomConfig;
  /** Folder of the built web app; absent in API-only tests. */
  webDir?: string;
  /** Media in an S3-compatible bucket; absent: local folders under DATA_DIR. */
  s3?: TS3Config;
}

export interface TS3Config {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  presign: boolean;
}

function s3Config(e: z.infer<typeof ZEnvSchema>): TS3Config | undefined {
  if (e.STORAGE !== 's3') return undefined;
  for (const k of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!e[k]) throw new ConfigError(`Configuration error: ${k} must be set for STORAGE=s3`);
  }
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    presign: e.S3_PRESIGN,
  };
}

export interface THubConfig {
  /** OIDC discovery at this issuer; absent: the plain OAuth2 endpoints below. */
  issuer?: string;
  endpoints?: { authorization: string; token: string; userinfo: string };
  clientId: string;
  clientSecret: string;
  orgCode: string;
  scopes: string;
  linkVerifiedEmail: boolean;
  createAccounts: boolean;
  groupCode?: string;
}

export interface TStripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** A stand-in for api.stripe.com (tests, development); unset in production. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export interface TZoomConfig {
  clientId: string;
  clientSecret: string;
  /** 32 bytes for AES-256-GCM. */
  tokenKey: Buffer;
  /** e.g. https://api.zoom.us/v2 (no trailing slash). */
  apiBase: string;
  /** e.g. https://zoom.us: /oauth/authorize, /oauth/token, /oauth/revoke. */
  oauthBase: string;
}

const ZOOM_KEYS = ['ZOOM_CLIENT_ID', 'ZOOM_CLIENT_SECRET', 'ZOOM_TOKEN_KEY'] as const;

function zoomConfig(e: z.infer<typeof ZEnvSchema>): TZoomConfig | undefined {
  const missing = ZOOM_KEYS.filter((k) => !e[k]);
  if (missing.length === ZOOM_KEYS.length) return undefined;
  if (missing.length) throw new ConfigError(`Configuration error: ${missing[0]} must be set with the other Zoom keys`);
  return {
    clientId: e.ZOOM_CLIENT_ID!,
    clientSecret: e.ZOOM_CLIENT_SECRET!,
    tokenKey: tokenKeyBytes(e.ZOOM_TOKEN_KEY!)!,
    apiBase: e.ZOOM_API_BASE.replace(/\/+$/, ''),
    oauthBase: e.ZOOM_OAUTH_BASE.replace(/\/+$/, ''),
  };
}

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

function stripeConfig(e: z.infer<typeof ZEnvSchema>): TStripeConfig | undefined {
  const missing = STRIPE_KEYS.filter((k) => !e[k]);
  if (missing.length === STRIPE_KEYS.length) return undefined;
  if (missing.length) throw new ConfigError(`Configuration error: ${missing[0]} must be set with the other Stripe keys`);
  let api: TStripeConfig['api'];
  if (e.STRIPE_API_BASE) {
    const u = new URL(e.STRIPE_API_BASE);
    const protocol = u.protocol === 'http:' ? 'http' : 'https';
    api = { host: u.hostname, port: Number(u.port || (protocol === 'http' ? 80 : 443)), protocol };
  }
  return { secretKey: e.STRIPE_SECRET_KEY!, publishableKey: e.STRIPE_PUBLISHABLE_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, api };
}

const HUB_DEFAULTED = ['HUB_SCOPES', 'HUB_LINK_VERIFIED_EMAIL', 'HUB_CREATE_ACCOUNTS'];
const HUB_ENDPOINTS = ['HUB_AUTHORIZATION_URL', 'HUB_TOKEN_URL', 'HUB_USERINFO_URL'] as const;

function hubConfig(e: z.infer<typeof ZEnvSchema>): THubConfig | undefined {
  // The switches with defaults alone do not turn hub sign-in on.
  const given = Object.entries(e).filter(([k, v]) => k.startsWith('HUB_') && v !== undefined && !HUB_DEFAULTED.includes(k));
  if (!given.length) return undefined;
  for (const k of ['HUB_CLIENT_ID', 'HUB_CLIENT_SECRET', 'HUB_ORG_CODE'] as const) {
    if (!e[k]) throw new ConfigError(`Configuration error: ${k} must be set for hub sign-in`);
  }
  const endpoints = HUB_ENDPOINTS.filter((k) => e[k]);
  if (e.HUB_ISSUER && endpoints.length)
    throw new ConfigError(
      `Configuration error: ${endpoints[0]} must not be set with HUB_ISSUER (the issuer's discovery gives the endpoints)`,
    );
  if (!e.HUB_ISSUER && endpoints.length < HUB_ENDPOINTS.length) {
    const missing = HUB_ENDPOINTS.find((k) => !e[k])!;
    throw new ConfigError(`Configuration error: HUB_ISSUER, or ${missing} with the other hub endpoints, must be set for hub sign-in`);
  }
  return {
    issuer: e.HUB_ISSUER,
    endpoints: e.HUB_ISSUER
      ? undefined
      : { authorization: e.HUB_AUTHORIZATION_URL!, token: e.HUB_TOKEN_URL!, userinfo: e.HUB_USERINFO_URL! },
    clientId: e.HUB_CLIENT_ID!,
    clientSecret: e.HUB_CLIENT_SECRET!,
    orgCode: e.HUB_ORG_CODE!,
    scopes: e.HUB_SCOPES,
    linkVerifiedEmail: e.HUB_LINK_VERIFIED_EMAIL,
    createAccounts: e.HUB_CREATE_ACCOUNTS,
    groupCode: e.HUB_GROUP_CODE,
  };
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with a one-line message naming the setting. */
export function loadConfig(env: NodeJS.ProcessEnv): TConfig {
  // Empty strings count as unset, as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const r = ZEnvSchema.safeParse(cleaned);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const key = String(issue.path[0] ?? 'environment');
    // Secrets are never echoed into logs.
    const got = env[key] === undefined || /SECRET|_KEY(_ID)?$/.test(key) ? '' : ` (got "${env[key]}")`;
    throw new ConfigError(`Configuration error: ${key} ${issue.message}${got}`);
  }
  const e = r.data;
  if (e.WORKER_GONE_SECONDS < 3 * e.WORKER_HEARTBEAT_SECONDS) {
    throw new ConfigError(
      `Configuration error: WORKER_GONE_SECONDS must be at least 3 times WORKER_HEARTBEAT_SECONDS (got ${e.WORKER_GONE_SECONDS} and ${e.WORKER_HEARTBEAT_SECONDS})`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    freeTrialThanksUrl: e.FREE_TRIAL_THANKS_URL,
    logLevel: e.LOG_LEVEL,
    urlFetchAllowHosts: e.URL_FETCH_ALLOW_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    mediaSecret: e.MEDIA_SECRET,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    jobExpireSeconds: e.JOB_EXPIRE_SECONDS,
    workerConcurrency: e.WORKER_CONCURRENCY,
    workerHeartbeatSeconds: e.WORKER_HEARTBEAT_SECONDS,
    workerGoneSeconds: e.WORKER_GONE_SECONDS,
    dashboardCacheSeconds: e.DASHBOARD_CACHE_SECONDS,
    trustProxy: list(e.TRUST_PROXY),
    corsAllowedOrigins: list(e.CORS_ALLOWED_ORIGINS),
    sentryDsn: e.SENTRY_DSN,
    sentryEnvironment: e.SENTRY_ENVIRONMENT,
    stripe: stripeConfig(e),
    hub: hubConfig(e),
    zoom: zoomConfig(e),
    s3: s3Config(e),
  };
}
