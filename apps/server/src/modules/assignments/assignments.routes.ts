import { z } from 'zod';
import {
  ZAddRecordingToAssignmentBodySchema,
  ZAssignedAssignmentSchema,
  ZAssignmentListQuerySchema,
  ZAssignmentRecordingParamsSchema,
  ZIdParamsSchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import * as assignments from './assignments.service.js';

const ZEmptySchema = z.object({});

export function assignmentsRoutes(app: TZodApp, deps: TDeps) {
  const signedIn = requireAuth(deps);
  const tags = ['assignments'];
  app.get(
    '/assignments',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listAssignments',
        summary: "Open assignments of the caller's groups",
        tags,
        querystring: ZAssignmentListQuerySchema,
        response: responses(z.array(ZAssignedAssignmentSchema)),
      },
    },
    async (req) => ok(await assignments.listAssigned(deps, authOf(req))),
  );
  app.post(
    '/assignments/:id/recordings',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'addRecordingToAssignment',
        summary: 'Move a recording into an assignment',
        tags,
        params: ZIdParamsSchema,
        body: ZAddRecordingToAssignmentBodySchema,
        response: responses(ZEmptySchema),
      },
    },
    async (req) => {
      await assignments.addRecording(deps, authOf(req), req.params.id, req.body.recordingId);
      return ok({});
    },
  );
  app.delete(
    '/assignments/:id/recordings/:recordingId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'removeRecordingFromAssignment',
        summary: 'Take a recording out of an assignment',
        tags,
        params: ZAssignmentRecordingParamsSchema,
        response: responses(ZEmptySchema),
      },
    },
    async (req) => {
      await assignments.removeRecording(deps, authOf(req), req.params.id, req.params.recordingId);
      return ok({});
    },
  );
}
