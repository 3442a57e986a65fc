import path from 'node:path';
import { z } from 'zod';

// Configuration comes from the environment only. A missing or malformed setting stops the
// process at start with one clear line (see main.ts), never a stack trace.

const port = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const url = (protocols: string[]) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);

const ZEnvSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Rostrum <no-reply@rostrum.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface TConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  /** Folder of the built web app; absent in API-only tests. */
  webDir?: string;
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
    const got = env[key] === undefined ? '' : ` (got "${env[key]}")`;
    throw new ConfigError(`Configuration error: ${key} ${issue.message}${got}`);
  }
  const e = r.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
  };
}
