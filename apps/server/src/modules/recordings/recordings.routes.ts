import { z } from 'zod';
import {
  ZCreateRecordingBodySchema,
  ZCreateRecordingResponseSchema,
  ZGroupRecordingSchema,
  ZGroupRecordingsQuerySchema,
  ZIdParamsSchema,
  ZPreviousTakeSchema,
  ZRecordingListQuerySchema,
  ZRecordingSchema,
  ZRecordingSummarySchema,
  ZSetSpeakerBodySchema,
  ZUpdateRecordingBodySchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { badRequest } from '../../errors.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import * as recordings from './recordings.service.js';
import { findPreviousTake } from './previous-take.js';

const ZGetQuerySchema = z.object({ expand: z.string().max(100).optional() });

export function recordingsRoutes(app: TZodApp, deps: TDeps) {
  const signedIn = requireAuth(deps);
  /** Calls of the pages that need an active subscription (402 without one). */
  const subscribed = requireAuth(deps, { subscription: true });
  const tags = ['recordings'];
  // With groupId this is the group's list (each item with canHear), else the caller's own.
  const listResponse = responses(z.union([z.array(ZGroupRecordingSchema), z.array(ZRecordingSummarySchema)]));
  app.get(
    '/recordings',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'listRecordings',
        summary: "The caller's recordings, or a group's",
        tags,
        querystring: ZRecordingListQuerySchema,
        response: listResponse,
      },
    },
    async (req) =>
      ok(
        req.query.groupId
          ? await recordings.listRecordingsOfGroup(deps, authOf(req), req.query.groupId)
          : await recordings.listMyRecordings(deps, authOf(req), req.query.q),
      ),
  );
  app.get(
    '/groups/:id/recordings',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'listGroupRecordings',
        summary: "A group's recordings the caller may see",
        tags,
        params: ZIdParamsSchema,
        querystring: ZGroupRecordingsQuerySchema,
        response: responses(z.array(ZGroupRecordingSchema)),
      },
    },
    async (req) => ok(await recordings.listRecordingsOfGroup(deps, authOf(req), req.params.id, req.query.userId)),
  );
  app.post(
    '/recordings',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'createRecording',
        summary: 'Start a recording: upload, record or URL',
        tags,
        body: ZCreateRecordingBodySchema,
        response: responses(ZCreateRecordingResponseSchema),
      },
    },
    async (req) => {
      // A Zoom recording is imported by POST zoom/recordings (the server fetches it from Zoom).
      if (req.body.source === 'zoom form') throw badRequest('source: Zoom recordings are imported through the Zoom import');
      return ok(await recordings.createRecording(deps, authOf(req), req.body));
    },
  );
  app.get(
    '/recordings/:id',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getRecording',
        summary: 'A recording with media addresses and results',
        tags,
        params: ZIdParamsSchema,
        querystring: ZGetQuerySchema,
        response: responses(ZRecordingSchema),
      },
    },
    async (req) =>
      ok(
        await recordings.getRecording(deps, authOf(req), req.params.id, new Set((req.query.expand ?? '').split(',').map((s) => s.trim()))),
      ),
  );
  app.get(
    '/recordings/:id/previous-take',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getPreviousTake',
        summary: "The owner's newest earlier analysed take (same title family or assignment) the caller may hear",
        tags,
        params: ZIdParamsSchema,
        response: responses(ZPreviousTakeSchema),
      },
    },
    async (req) => ok(await findPreviousTake(deps, authOf(req), req.params.id)),
  );
  app.put(
    '/recordings/:id',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updateRecording',
        summary: 'Rename, share or flag a recording',
        tags,
        params: ZIdParamsSchema,
        body: ZUpdateRecordingBodySchema,
        response: responses(ZRecordingSchema),
      },
    },
    async (req) => ok(await recordings.updateRecording(deps, authOf(req), req.params.id, req.body)),
  );
  app.post(
    '/recordings/:id/reanalyze',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'reanalyzeRecording',
        summary: 'Analyse a finished recording again with its current wordspotting list (its owner and coaches)',
        tags,
        params: ZIdParamsSchema,
        response: responses(ZRecordingSchema),
      },
    },
    async (req) => ok(await recordings.reanalyzeRecording(deps, authOf(req), req.params.id)),
  );
  app.put(
    '/recordings/:id/speaker',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'setRecordingSpeaker',
        summary: 'Choose which speaker of a conversation is the owner',
        tags,
        params: ZIdParamsSchema,
        body: ZSetSpeakerBodySchema,
        response: responses(ZRecordingSchema),
      },
    },
    async (req) => ok(await recordings.setSpeaker(deps, authOf(req), req.params.id, req.body.speakerNum)),
  );
  app.delete(
    '/recordings/:id',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'deleteRecording',
        summary: 'Delete a recording and its media',
        tags,
        params: ZIdParamsSchema,
        response: responses(z.object({})),
      },
    },
    async (req) => {
      await recordings.deleteRecording(deps, authOf(req), req.params.id);
      return ok({});
    },
  );
}
