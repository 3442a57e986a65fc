import { z } from 'zod';

// Shared API conventions (000 section 7 and 8): responses are wrapped in `data`,
// errors are a list of {message, status, code}; `code` is one of ERROR_CODES (error-codes.ts).

export const API_PREFIX = '/api/v1';

export const ZApiErrorItemSchema = z.object({
  message: z.string(),
  status: z.number().int(),
  /** Stable and machine-readable (dot.snake, one of ERROR_CODES): branch on this, not on `message`. */
  code: z.string(),
});
export const ZApiErrorSchema = z.object({ errors: z.array(ZApiErrorItemSchema).min(1) });
export type TApiError = z.infer<typeof ZApiErrorSchema>;

/** Wraps a payload schema in the `data` envelope every response uses. */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

export const ZEmptySchema = z.object({}).strict();
/**
 * Every id the API takes in a path, body or query: any 8-4-4-4-12 hex spelling, lower-cased at
 * the edge, so handlers, SQL and media folders only ever see one spelling of an id.
 */
export const ZIdSchema = z.guid().toLowerCase();
export const ZIdParamsSchema = z.object({ id: ZIdSchema });

/** Authorization: Bearer {orgCode}-{apiKey}. Org codes never contain a hyphen. */
export function bearerToken(orgCode: string, apiKey: string): string {
  return `${orgCode}-${apiKey}`;
}

export function parseBearerToken(token: string): { orgCode: string; apiKey: string } | null {
  const i = token.indexOf('-');
  if (i <= 0 || i === token.length - 1) return null;
  return { orgCode: token.slice(0, i), apiKey: token.slice(i + 1) };
}

/** GET client-config: the server's settings the web app reads at start. */
export const ZClientConfigSchema = z.object({
  errorReporting: z.object({ dsn: z.string(), environment: z.string() }).nullable(),
  /** Sign-in through a partner hub is configured: the sign-in page shows its link. */
  hubSignIn: z.boolean(),
  /** The installation's support contact (SUPPORT_EMAIL), or null. */
  supportEmail: z.string().nullable(),
  /** The operator's thanks page for free-trial users after a URL upload (FREE_TRIAL_THANKS_URL), or null: the app's own. */
  freeTrialThanksUrl: z.string().nullable(),
});
export type TClientConfig = z.infer<typeof ZClientConfigSchema>;
