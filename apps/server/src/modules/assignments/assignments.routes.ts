import { z } from 'zod';
import {
  ZAddAttachmentBodySchema,
  ZAddRecordingToAssignmentBodySchema,
  ZAssignBodySchema,
  ZAssignmentListQuerySchema,
  ZAssignmentRecordingParamsSchema,
  ZAssignmentSchema,
  ZAssignResultSchema,
  ZAttachmentParamsSchema,
  ZCreateAssignmentBodySchema,
  ZIdParamsSchema,
  ZReorderAssignmentsBodySchema,
  ZSaveScorecardBodySchema,
  ZUpdateAssignmentBodySchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import * as assignments from './assignments.service.js';
import * as templates from './templates.js';
import { updateAssignment } from './update.js';
import { assignTemplate } from './assign.js';
import { addAttachment, removeAttachment } from './attachments.js';
import { saveScorecard } from './scorecard-save.js';
import { reorderGroupAssignments } from './reorder.js';

const ZEmptySchema = z.object({});

export function assignmentsRoutes(app: TZodApp, deps: TDeps) {
  /** Every call here serves pages that need an active subscription (402 without one). */
  const subscribed = requireAuth(deps, { subscription: true });
  const tags = ['assignments'];
  app.get(
    '/assignments',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'listAssignments',
        summary: "Assignments: the caller's open ones (assigned), a group's (group), or the templates they may use (templates)",
        tags,
        querystring: ZAssignmentListQuerySchema,
        response: responses(z.array(ZAssignmentSchema)),
      },
    },
    async (req) => ok(await templates.listAssignments(deps, authOf(req), req.query)),
  );
  app.get(
    '/assignments/:id',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'getAssignment',
        summary: 'One assignment with the caller’s abilities',
        tags,
        params: ZIdParamsSchema,
        response: responses(ZAssignmentSchema),
      },
    },
    async (req) => ok(await templates.getAssignment(deps, authOf(req), req.params.id)),
  );
  app.post(
    '/assignments',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'createAssignment',
        summary: 'A new template (editor step 1)',
        tags,
        body: ZCreateAssignmentBodySchema,
        response: responses(ZAssignmentSchema),
      },
    },
    async (req) => ok(await templates.createTemplate(deps, authOf(req), req.body)),
  );
  app.patch(
    '/assignments/:id',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'updateAssignment',
        summary: 'Change the description, criteria, wordspotting, privacy, archived or continuous status',
        tags,
        params: ZIdParamsSchema,
        body: ZUpdateAssignmentBodySchema,
        response: responses(ZAssignmentSchema),
      },
    },
    async (req) => ok(await updateAssignment(deps, authOf(req), req.params.id, req.body)),
  );
  app.delete(
    '/assignments/:id',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'deleteAssignment',
        summary: 'Delete a template',
        tags,
        params: ZIdParamsSchema,
        response: responses(ZEmptySchema),
      },
    },
    async (req) => {
      await templates.deleteTemplate(deps, authOf(req), req.params.id);
      return ok({});
    },
  );
  app.post(
    '/assignments/:id/copy',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'copyAssignment',
        summary: 'Copy as a new private template "{name} (Copy)"',
        tags,
        params: ZIdParamsSchema,
        response: responses(ZAssignmentSchema),
      },
    },
    async (req) => ok(await templates.copyAsTemplate(deps, authOf(req), req.params.id)),
  );
  app.post(
    '/assignments/:id/assign',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'assignAssignment',
        summary: 'Assign a template to groups or users (one assignment per group)',
        tags,
        params: ZIdParamsSchema,
        body: ZAssignBodySchema,
        response: responses(ZAssignResultSchema),
      },
    },
    async (req) => ok(await assignTemplate(deps, authOf(req), req.params.id, req.body)),
  );
  app.post(
    '/assignments/:id/attachments',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'addAssignmentAttachment',
        summary: 'Add a supporting material: a link or one of your recordings',
        tags,
        params: ZIdParamsSchema,
        body: ZAddAttachmentBodySchema,
        response: responses(ZAssignmentSchema),
      },
    },
    async (req) => ok(await addAttachment(deps, authOf(req), req.params.id, req.body)),
  );
  app.delete(
    '/assignments/:id/attachments/:attachmentId',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'removeAssignmentAttachment',
        summary: 'Delete a supporting material',
        tags,
        params: ZAttachmentParamsSchema,
        response: responses(ZAssignmentSchema),
      },
    },
    async (req) => ok(await removeAttachment(deps, authOf(req), req.params.id, req.params.attachmentId)),
  );
  app.put(
    '/assignments/:id/scorecard',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'saveAssignmentScorecard',
        summary: "Save a template's scorecard",
        tags,
        params: ZIdParamsSchema,
        body: ZSaveScorecardBodySchema,
        response: responses(ZAssignmentSchema),
      },
    },
    async (req) => ok(await saveScorecard(deps, authOf(req), req.params.id, req.body)),
  );
  app.put(
    '/groups/:id/assignments/order',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'reorderGroupAssignments',
        summary: "Save the manual order of a group's assignments",
        tags,
        params: ZIdParamsSchema,
        body: ZReorderAssignmentsBodySchema,
        response: responses(z.array(ZAssignmentSchema)),
      },
    },
    async (req) => ok(await reorderGroupAssignments(deps, authOf(req), req.params.id, req.body)),
  );
  app.post(
    '/assignments/:id/recordings',
    {
      onRequest: subscribed,
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
      onRequest: subscribed,
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
