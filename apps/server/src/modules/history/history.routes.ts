import { z } from 'zod';
import { ZHistoryPointSchema, ZHistoryQuerySchema, ZUnsubscribeBodySchema } from '@rostrum/contract';
import { eq } from 'drizzle-orm';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { getHistory } from './history.service.js';

const ALL_OFF = {
  recordingSubmittedFrequency: '0',
  feedbackReceivedFrequency: '0',
  recordingProcessedFrequency: '0',
  recordingSharedFrequency: '0',
  assignmentReceivedFrequency: '0',
  assignmentCompletedFrequency: '0',
} as const;

export function historyRoutes(app: TZodApp, deps: TDeps) {
  app.get(
    '/history',
    {
      onRequest: requireAuth(deps),
      schema: {
        operationId: 'getHistory',
        summary: 'Analysed recordings of a user over time',
        tags: ['history'],
        querystring: ZHistoryQuerySchema,
        response: responses(z.array(ZHistoryPointSchema)),
      },
    },
    async (req) => ok(await getHistory(deps, authOf(req), req.query.userId)),
  );
  // From an email's link: no sign-in, the code alone identifies the account.
  app.post(
    '/unsubscribe',
    {
      schema: {
        operationId: 'unsubscribe',
        summary: 'Turn every email notification off from an email link',
        tags: ['me'],
        body: ZUnsubscribeBodySchema,
        response: responses(z.object({})),
      },
    },
    async (req) => {
      const [u] = await deps.db
        .update(users)
        .set({ emailPreferences: ALL_OFF })
        .where(eq(users.unsubscribeCode, req.body.unsubscribeCode))
        .returning({ id: users.id });
      if (!u) throw notFound('Unknown unsubscribe code');
      return ok({});
    },
  );
}
