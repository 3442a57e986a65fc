import { z } from 'zod';

// Shared API conventions (000 section 7 and 8): responses are wrapped in `data`,
// errors are a list of {message, status}.

export const API_PREFIX = '/api/v1';

export const ZApiErrorItemSchema = z.object({ message: z.string(), status: z.number().int() });
export const ZApiErrorSchema = z.object({ errors: z.array(ZApiErrorItemSchema).min(1) });
export type TApiError = z.infer<typeof ZApiErrorSchema>;

/** Wraps a payload schema in the `data` envelope every response uses. */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

export const ZEmptySchema = z.object({}).strict();
export const ZIdParamsSchema = z.object({ id: z.guid() });

/** Authorization: Bearer {orgCode}-{apiKey}. Org codes never contain a hyphen. */
export function bearerToken(orgCode: string, apiKey: string): string {
  return `${orgCode}-${apiKey}`;
}

export function parseBearerToken(token: string): { orgCode: string; apiKey: string } | null {
  const i = token.indexOf('-');
  if (i <= 0 || i === token.length - 1) return null;
  return { orgCode: token.slice(0, i), apiKey: token.slice(i + 1) };
}
