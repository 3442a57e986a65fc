import { z } from 'zod';
import { ZCreateLiveCaptureBodySchema, ZIdParamsSchema, ZLiveCaptureSchema } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { createLiveCapture, deleteLiveCapture } from './live-captures.service.js';

export function liveCapturesRoutes(app: TZodApp, deps: TDeps) {
  const signedIn = requireAuth(deps);
  const tags = ['recordings'];
  const { 200: created, ...errors } = responses(ZLiveCaptureSchema);
  app.post(
    '/live-captures',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'createLiveCapture',
        summary: 'Start a live capture: a browser recording that uploads while it is recorded',
        description:
          'Whoever may record may. 201 with the capture id and the tus endpoint: create the upload there with Upload-Defer-Length 1 and `captureId` in its metadata, PATCH the bytes while recording, send Upload-Length with the last ones. At most 3 unsaved captures are kept per user (a 4th discards the oldest); 429 after too many in an hour.',
        tags,
        body: ZCreateLiveCaptureBodySchema,
        response: { 201: created, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(ok(await createLiveCapture(deps, authOf(req)))),
  );
  app.delete(
    '/live-captures/:id',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'deleteLiveCapture',
        summary: 'Discard an unsaved live capture: its bytes and transcripts',
        description: "204. 404 for anyone's but the caller's; 409 once it was saved as a recording (delete the recording instead).",
        tags,
        params: ZIdParamsSchema,
        response: { 204: z.null().describe('Discarded'), ...errors },
      },
    },
    async (req, reply) => {
      await deleteLiveCapture(deps, authOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
}
