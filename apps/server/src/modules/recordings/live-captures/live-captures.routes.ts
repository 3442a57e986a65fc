import { z } from 'zod';
import {
  ZCreateLiveCaptureBodySchema,
  ZCreateRecordingResponseSchema,
  ZIdParamsSchema,
  ZLiveCaptureSchema,
  ZSaveUnsavedTakeBodySchema,
  ZUnsavedTakeListSchema,
  LIVE_CAPTURES_PER_USER,
  UNSAVED_TAKE_KEEP_DAYS,
} from '@rostrum/contract';
import type { TDeps } from '../../../deps.js';
import { authOf } from '../../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../../http/route-kit.js';
import { createLiveCapture, deleteLiveCapture } from './live-captures.service.js';
import { listUnsavedTakes, saveUnsavedTake } from './unsaved-takes.service.js';

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
        description: `Whoever may record may. 201 with the capture id and the tus endpoint: create the upload there with Upload-Defer-Length 1 and \`captureId\` in its metadata, PATCH the bytes while recording, send Upload-Length with the last ones. \`assignmentId\` (optional): the assignment the take is recorded for, kept to offer the take with if it is left unsaved (ignored unless the caller may record into it). 409 \`live_capture.limit\` while the caller has ${LIVE_CAPTURES_PER_USER} unsaved takes (save or discard one); 429 after too many in an hour.`,
        tags,
        body: ZCreateLiveCaptureBodySchema,
        response: { 201: created, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(ok(await createLiveCapture(deps, authOf(req), req.body))),
  );
  app.get(
    '/live-captures',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listUnsavedTakes',
        summary: "The caller's unsaved takes: live captures neither saved nor discarded",
        description: `Newest first; only the caller's own. Each is kept ${UNSAVED_TAKE_KEEP_DAYS} days from its start (expiresAt), then removed with its bytes. receivedSeconds is what reached the server (null until measured); stopped is false when the recording's stop never arrived (a crash mid-take): such a take is still saveable.`,
        tags,
        response: responses(ZUnsavedTakeListSchema),
      },
    },
    async (req) => ok(await listUnsavedTakes(deps, authOf(req))),
  );
  app.post(
    '/live-captures/:id/recording',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'saveUnsavedTake',
        summary: 'Save it: turn an unsaved take into a recording',
        description:
          "The save form's fields, checked as POST recordings checks them (title, group, assignment, sharing, membership). A take whose stop never arrived is ended at the bytes received. 400 `recording.too_short` under 5 s; 404 for anyone's but the caller's; 409 once saved.",
        tags,
        params: ZIdParamsSchema,
        body: ZSaveUnsavedTakeBodySchema,
        response: responses(ZCreateRecordingResponseSchema),
      },
    },
    async (req) => ok(await saveUnsavedTake(deps, authOf(req), req.params.id, req.body)),
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
