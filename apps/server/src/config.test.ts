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
});
