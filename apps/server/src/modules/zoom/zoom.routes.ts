import {
  ZZoomAuthorizationSchema,
  ZZoomConnectionSchema,
  ZZoomImportBodySchema,
  ZZoomImportResponseSchema,
  ZZoomLinkBodySchema,
  ZZoomMeetingsSchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import * as zoom from './zoom.service.js';

/**
 * The Zoom import (002 sections 2.12 and 7): the caller's link to Zoom (status, authorise,
 * save code, disconnect), their cloud recordings and the import of one. Like POST recordings,
 * no subscription is asked here (the record page needs none); a recording needs an active
 * speaker membership, which the import's availability includes.
 */
export function zoomRoutes(app: TZodApp, deps: TDeps) {
  const signedIn = requireAuth(deps);
  const tags = ['zoom'];
  app.get(
    '/zoom/connection',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getZoomConnection',
        summary: "Whether the Zoom import is offered to the caller and their Zoom account is linked (the Upload ZOOM tab's rule)",
        tags,
        response: responses(ZZoomConnectionSchema),
      },
    },
    async (req) => ok(await zoom.getZoomConnection(deps, authOf(req))),
  );
  app.post(
    '/zoom/authorization',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'startZoomAuthorization',
        summary: "Zoom's authorisation page for linking the caller's account, with a one-time state bound to the caller (10 minutes)",
        tags,
        response: responses(ZZoomAuthorizationSchema),
      },
    },
    async (req) => ok(await zoom.startZoomAuthorization(deps, authOf(req))),
  );
  app.post(
    '/zoom/connection',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'linkZoomAccount',
        summary: 'Zoom: save code. Links the Zoom account with the code and state Zoom sent to /zoom-loading',
        tags,
        body: ZZoomLinkBodySchema,
        response: responses(ZZoomConnectionSchema),
      },
    },
    async (req) => ok(await zoom.linkZoomAccount(deps, authOf(req), req.body)),
  );
  app.delete(
    '/zoom/connection',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'disconnectZoom',
        summary: "Unlink the caller's Zoom account: the stored tokens are deleted and the grant revoked at Zoom",
        tags,
        response: responses(ZZoomConnectionSchema),
      },
    },
    async (req) => ok(await zoom.disconnectZoom(deps, authOf(req), req.log)),
  );
  app.get(
    '/zoom/recordings',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listZoomMeetings',
        summary:
          "Zoom: get meeting recordings. The caller's cloud recordings of the last 15 days, at most 100 meetings (recordingsDropped when there were more); 409 zoom.not_linked when the account must be linked again",
        tags,
        response: responses(ZZoomMeetingsSchema),
      },
    },
    async (req) => ok(await zoom.listZoomMeetings(deps, authOf(req))),
  );
  app.post(
    '/zoom/recordings',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'importZoomRecording',
        summary:
          'Zoom: upload recording. The server downloads one audio or video file of a meeting (at most 200 MB, trimmed to at most 15 minutes), checks it as an upload and starts the analysis',
        tags,
        body: ZZoomImportBodySchema,
        response: responses(ZZoomImportResponseSchema),
      },
    },
    async (req) => ok(await zoom.importZoomRecording(deps, authOf(req), req.body, req.log)),
  );
}
