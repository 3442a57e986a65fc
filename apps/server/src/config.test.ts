import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the embedded defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads every setting, treating empty strings as unset', () => {
    const c = loadConfig({
      PORT: '9000',
      DATA_DIR: '/srv/rostrum',
      DATABASE_URL: 'postgres://u@db:5432/rostrum',
      PUBLIC_URL: 'https://speak.example.org/',
      SMTP_URL: 'smtp://mail:25',
      LOG_LEVEL: '',
    });
    expect(c).toMatchObject({
      port: 9000,
      dataDir: '/srv/rostrum',
      databaseUrl: 'postgres://u@db:5432/rostrum',
      publicUrl: 'https://speak.example.org',
      smtpUrl: 'smtp://mail:25',
      logLevel: 'info',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'Configuration error: PORT must be a number (got "eighty")'],
    [{ PORT: '70000' }, 'Configuration error: PORT must be between 1 and 65535 (got "70000")'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Configuration error: DATABASE_URL must be a URL starting with postgres:// or postgresql:// (got "mysql://x")',
    ],
    [{ PUBLIC_URL: 'localhost' }, 'Configuration error: PUBLIC_URL must be a URL starting with http:// or https:// (got "localhost")'],
    [{ SMTP_URL: 'mail.example' }, 'Configuration error: SMTP_URL must be a URL starting with smtp:// or smtps:// (got "mail.example")'],
  ])('fails with one clear line for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (e) {
      expect((e as Error).message.split('\n')).toHaveLength(1);
    }
  });

  describe('Stripe', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };

    it('is off without keys, on with all three, and takes a stand-in API base (tests and development)', () => {
      expect(loadConfig({}).stripe).toBeUndefined();
      expect(loadConfig(keys).stripe).toEqual({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1' });
      expect(loadConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe?.api).toEqual({
        host: '127.0.0.1',
        port: 12111,
        protocol: 'http',
      });
    });

    it('refuses some keys without the others, and never echoes a secret', () => {
      expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
        'Configuration error: STRIPE_PUBLISHABLE_KEY must be set with the other Stripe keys',
      );
      expect(() => loadConfig({ ...keys, STRIPE_SECRET_KEY: 'live_secret_value' })).toThrow(
        /^Configuration error: STRIPE_SECRET_KEY must start with sk_ or rk_$/,
      );
      expect(() => loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: 'oops' })).toThrow(
        /^Configuration error: STRIPE_WEBHOOK_SECRET must start with whsec_$/,
      );
    });
  });

  describe('partner hub sign-in', () => {
    const client = { HUB_CLIENT_ID: 'rostrum', HUB_CLIENT_SECRET: 'hub-secret', HUB_ORG_CODE: 'northwind' };

    it('is off without settings (the defaulted switches alone do not turn it on)', () => {
      expect(loadConfig({}).hub).toBeUndefined();
      expect(loadConfig({ HUB_LINK_VERIFIED_EMAIL: 'true', HUB_CREATE_ACCOUNTS: 'false' }).hub).toBeUndefined();
    });

    it('takes an issuer (discovery) or the three plain OAuth2 endpoints, and the policy switches', () => {
      expect(loadConfig({ ...client, HUB_ISSUER: 'https://hub.example' }).hub).toEqual({
        issuer: 'https://hub.example',
        endpoints: undefined,
        clientId: 'rostrum',
        clientSecret: 'hub-secret',
        orgCode: 'northwind',
        scopes: 'openid email profile',
        linkVerifiedEmail: false,
        createAccounts: false,
        groupCode: undefined,
      });
      const plain = loadConfig({
        ...client,
        HUB_AUTHORIZATION_URL: 'https://hub.example/oauth/authorize',
        HUB_TOKEN_URL: 'https://hub.example/oauth/token',
        HUB_USERINFO_URL: 'https://hub.example/oauth/userinfo',
        HUB_LINK_VERIFIED_EMAIL: 'true',
        HUB_CREATE_ACCOUNTS: 'true',
        HUB_GROUP_CODE: 'Hub-Speakers',
      }).hub;
      expect(plain).toMatchObject({
        issuer: undefined,
        endpoints: {
          authorization: 'https://hub.example/oauth/authorize',
          token: 'https://hub.example/oauth/token',
          userinfo: 'https://hub.example/oauth/userinfo',
        },
        linkVerifiedEmail: true,
        createAccounts: true,
        groupCode: 'Hub-Speakers',
      });
      // Plain http on loopback only (a local stand-in).
      expect(loadConfig({ ...client, HUB_ISSUER: 'http://127.0.0.1:10640' }).hub?.issuer).toBe('http://127.0.0.1:10640');
    });

    it('refuses incomplete or unsafe settings with one clear line, never echoing the secret', () => {
      expect(() => loadConfig({ HUB_ISSUER: 'https://hub.example' })).toThrow(
        'Configuration error: HUB_CLIENT_ID must be set for hub sign-in',
      );
      expect(() => loadConfig({ ...client })).toThrow(
        'Configuration error: HUB_ISSUER, or HUB_AUTHORIZATION_URL with the other hub endpoints, must be set for hub sign-in',
      );
      expect(() =>
        loadConfig({ ...client, HUB_AUTHORIZATION_URL: 'https://hub.example/a', HUB_TOKEN_URL: 'https://hub.example/t' }),
      ).toThrow(/HUB_USERINFO_URL with the other hub endpoints/);
      expect(() => loadConfig({ ...client, HUB_ISSUER: 'https://hub.example', HUB_TOKEN_URL: 'https://hub.example/t' })).toThrow(
        "Configuration error: HUB_TOKEN_URL must not be set with HUB_ISSUER (the issuer's discovery gives the endpoints)",
      );
      expect(() => loadConfig({ ...client, HUB_ISSUER: 'http://hub.example' })).toThrow(
        'Configuration error: HUB_ISSUER must be an https:// URL (http:// only for 127.0.0.1 or localhost) (got "http://hub.example")',
      );
      expect(() => loadConfig({ ...client, HUB_ISSUER: 'https://hub.example', HUB_CREATE_ACCOUNTS: 'yes' })).toThrow(
        'Configuration error: HUB_CREATE_ACCOUNTS must be true or false (got "yes")',
      );
      const secret = 'x'.repeat(501);
      expect(() => loadConfig({ ...client, HUB_CLIENT_SECRET: secret })).toThrow(/^Configuration error: HUB_CLIENT_SECRET [^"]*$/);
    });
  });
  describe('Zoom import', () => {
    const hexKey = 'ab'.repeat(32);
    const keys = { ZOOM_CLIENT_ID: 'client', ZOOM_CLIENT_SECRET: 'secret', ZOOM_TOKEN_KEY: hexKey };

    it("is off without keys, on with all three, with Zoom's addresses unless told otherwise", () => {
      expect(loadConfig({}).zoom).toBeUndefined();
      const zoom = loadConfig(keys).zoom!;
      expect(zoom).toMatchObject({
        clientId: 'client',
        clientSecret: 'secret',
        apiBase: 'https://api.zoom.us/v2',
        oauthBase: 'https://zoom.us',
      });
      expect(zoom.tokenKey.equals(Buffer.from(hexKey, 'hex'))).toBe(true);
      const b64 = Buffer.alloc(32, 7).toString('base64');
      expect(loadConfig({ ...keys, ZOOM_TOKEN_KEY: b64 }).zoom!.tokenKey.equals(Buffer.alloc(32, 7))).toBe(true);
      expect(
        loadConfig({ ...keys, ZOOM_API_BASE: 'http://127.0.0.1:10660/v2/', ZOOM_OAUTH_BASE: 'http://127.0.0.1:10660' }).zoom,
      ).toMatchObject({
        apiBase: 'http://127.0.0.1:10660/v2',
        oauthBase: 'http://127.0.0.1:10660',
      });
    });

    it('refuses some keys without the others and a key of the wrong length, never echoing it', () => {
      expect(() => loadConfig({ ZOOM_CLIENT_ID: 'client' })).toThrow(
        'Configuration error: ZOOM_CLIENT_SECRET must be set with the other Zoom keys',
      );
      for (const bad of ['ab'.repeat(16), Buffer.alloc(16).toString('base64'), 'not a key']) {
        expect(() => loadConfig({ ...keys, ZOOM_TOKEN_KEY: bad })).toThrow(
          /^Configuration error: ZOOM_TOKEN_KEY must be 32 bytes, base64 \(44 characters\) or hex \(64 characters\)$/,
        );
      }
      expect(() => loadConfig({ ...keys, ZOOM_API_BASE: 'ftp://zoom' })).toThrow(/ZOOM_API_BASE/);
    });
  });

  it('takes the worker heartbeat and gone limit (5 s and 20 s), the limit at least three heartbeats', () => {
    expect(loadConfig({})).toMatchObject({ workerHeartbeatSeconds: 5, workerGoneSeconds: 20 });
    expect(loadConfig({ WORKER_HEARTBEAT_SECONDS: '10', WORKER_GONE_SECONDS: '30' })).toMatchObject({
      workerHeartbeatSeconds: 10,
      workerGoneSeconds: 30,
    });
    expect(() => loadConfig({ WORKER_HEARTBEAT_SECONDS: '10' })).toThrow(
      'Configuration error: WORKER_GONE_SECONDS must be at least 3 times WORKER_HEARTBEAT_SECONDS (got 20 and 10)',
    );
    expect(() => loadConfig({ WORKER_GONE_SECONDS: '5' })).toThrow(/^Configuration error: WORKER_GONE_SECONDS /);
  });

  it('takes a support email for users to contact, and refuses one that is not an address', () => {
    expect(loadConfig({}).supportEmail).toBeUndefined();
    expect(loadConfig({ SUPPORT_EMAIL: 'help@school.example' }).supportEmail).toBe('help@school.example');
    expect(() => loadConfig({ SUPPORT_EMAIL: 'help desk' })).toThrow(/^Configuration error: SUPPORT_EMAIL must be an email address/);
  });

  it('takes the thanks page free-trial users go to after a URL upload: none by default, http(s) only', () => {
    expect(loadConfig({}).freeTrialThanksUrl).toBeUndefined();
    expect(loadConfig({ FREE_TRIAL_THANKS_URL: 'https://example.com/thanks' }).freeTrialThanksUrl).toBe('https://example.com/thanks');
    expect(() => loadConfig({ FREE_TRIAL_THANKS_URL: 'javascript:alert(1)' })).toThrow(
      /^Configuration error: FREE_TRIAL_THANKS_URL must be a URL starting with http:\/\/ or https:\/\//,
    );
  });

  describe('S3 media storage', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'rostrum-media', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'bucket-secret' };

    it('is local by default, and takes a bucket with its settings', () => {
      expect(loadConfig({}).s3).toBeUndefined();
      expect(loadConfig({ ...s3, STORAGE: 'local' }).s3).toBeUndefined();
      expect(loadConfig(s3).s3).toEqual({
        endpoint: undefined,
        bucket: 'rostrum-media',
        region: 'us-east-1',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'bucket-secret',
        forcePathStyle: true,
        presign: true,
      });
      expect(
        loadConfig({
          ...s3,
          S3_ENDPOINT: 'http://minio:9000',
          S3_REGION: 'eu-central-1',
          S3_FORCE_PATH_STYLE: 'false',
          S3_PRESIGN: 'false',
        }).s3,
      ).toMatchObject({ endpoint: 'http://minio:9000', region: 'eu-central-1', forcePathStyle: false, presign: false });
    });

    it('refuses missing or malformed settings with one line, never echoing a key', () => {
      expect(() => loadConfig({ STORAGE: 'nfs' })).toThrow('Configuration error: STORAGE must be local or s3 (got "nfs")');
      expect(() => loadConfig({ ...s3, S3_BUCKET: '' })).toThrow('Configuration error: S3_BUCKET must be set for STORAGE=s3');
      expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: undefined })).toThrow(
        'Configuration error: S3_SECRET_ACCESS_KEY must be set for STORAGE=s3',
      );
      expect(() => loadConfig({ ...s3, S3_BUCKET: 'No_Such' })).toThrow(/^Configuration error: S3_BUCKET must be a bucket name/);
      expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/^Configuration error: S3_ENDPOINT must be a URL/);
      expect(() => loadConfig({ ...s3, S3_PRESIGN: 'yes' })).toThrow('Configuration error: S3_PRESIGN must be true or false (got "yes")');
      expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'x'.repeat(300) })).toThrow(/^Configuration error: S3_ACCESS_KEY_ID [^(]*$/);
    });
  });
});
