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

  it('takes a support email for users to contact, and refuses one that is not an address', () => {
    expect(loadConfig({}).supportEmail).toBeUndefined();
    expect(loadConfig({ SUPPORT_EMAIL: 'help@school.example' }).supportEmail).toBe('help@school.example');
    expect(() => loadConfig({ SUPPORT_EMAIL: 'help desk' })).toThrow(/^Configuration error: SUPPORT_EMAIL must be an email address/);
  });
});
