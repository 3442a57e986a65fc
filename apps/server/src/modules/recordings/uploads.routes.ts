import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Server } from '@tus/server';
import { ERROR_CODES, INTAKE_MSG, MSG, RECORDING_LIMITS, type TErrorCode, ZApiErrorSchema, ZIdSchema } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authenticate, type TAuth } from '../../auth/auth-context.js';
import { badRequest, errorBody, HttpError } from '../../errors.js';
import type { TZodApp } from '../../http/route-kit.js';
import { TUS_EXPIRY_MS } from './upload-expiry.js';
import { transcribeCaptureJob } from './live-captures/live-capture.jobs.js';
import { finishFromUpload, UPLOAD_PATH } from './recordings.service.js';
import { assertCanUploadTo, finishCaptureUpload } from './live-captures/live-captures.service.js';

// Resumable uploads (tus 1.0): a dropped connection continues from the last byte the server
// has (HEAD, then PATCH from that offset) instead of starting over. The upload id is the
// recording id, so only the recording's owner can create, resume or finish it. A live capture
// (POST live-captures) uploads the same way under its capture id, usually with a deferred length
// while the browser still records.
//
// tus runs behind this module's edge, which gives it the API's conventions: the caller is
// authenticated before tus looks at anything (401 first), every error leaves in the API's error
// shape as JSON, and CORS headers go only to the configured origins.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the app-wide @fastify/cors leaves the route alone (it reads this per route). */
    cors?: boolean;
  }
}

const METADATA_REQUIRED = 'Either recordingId or captureId is required in the upload metadata';
const TUS_METHODS = 'POST, HEAD, PATCH, DELETE, OPTIONS';
const OFFSET_STREAM = /^application\/offset\+octet-stream\b/i;

/**
 * tus hooks answer errors as {status_code, body}; the body keeps the API's error shape. The
 * upload id is the recording id, so a generic 404 is the recording's.
 */
function tusError(err: unknown): { status_code: number; body: string } {
  if (!(err instanceof HttpError))
    return { status_code: 500, body: JSON.stringify(errorBody(500, MSG.serverError, ERROR_CODES.serverError)) };
  const code = err.code === ERROR_CODES.resourceNotFound ? ERROR_CODES.recordingNotFound : err.code;
  return { status_code: err.status, body: JSON.stringify(errorBody(err.status, err.message, code)) };
}

/** The upload's id from its metadata: exactly one of recordingId (an upload) and captureId (a live capture). */
function uploadIdOf(metadata: Record<string, string | null> | undefined | null): string | null {
  const recordingId = metadata?.recordingId ?? null;
  const captureId = metadata?.captureId ?? null;
  if ((recordingId === null) === (captureId === null)) return null;
  return recordingId ?? captureId;
}

/** A tus error (plain text such as "Tus-Resumable Required") as the API's error message. */
function errorMessage(status: number, text: string): string {
  if (status === 404) return MSG.notFound;
  if (status === 413) return INTAKE_MSG.uploadError;
  if (status >= 500) return MSG.serverError;
  return text.trim() || MSG.serverError;
}

/** The code of a tus error (see errorMessage): tus's 4xx answers are upload protocol failures. */
function errorCode(status: number): TErrorCode {
  if (status === 404) return ERROR_CODES.recordingNotFound;
  if (status === 409) return ERROR_CODES.uploadOffsetConflict;
  if (status === 410) return ERROR_CODES.uploadExpired;
  if (status === 413) return ERROR_CODES.recordingTooLarge;
  if (status >= 500) return ERROR_CODES.serverError;
  return ERROR_CODES.uploadInvalid;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The tus request headers, for the OpenAPI document only: all optional and every other header
 * kept (the handler passes them on to tus), since tus answers a missing or malformed one itself
 * (412, 400) in the API's error shape.
 */
const ZTusHeadersSchema = z.looseObject({
  'tus-resumable': z.string().optional().describe('1.0.0'),
  'upload-length': z.string().optional().describe('Total size in bytes (POST)'),
  'upload-metadata': z.string().optional().describe('recordingId (or captureId) and filename, base64 (POST)'),
  'upload-defer-length': z.string().optional().describe('1: the length comes with a later PATCH (POST, live captures)'),
  'upload-offset': z.string().optional().describe('Offset of this chunk (PATCH)'),
});

export function uploadsRoutes(app: TZodApp, deps: TDeps) {
  const allowedOrigins = new Set(deps.config.corsAllowedOrigins);
  // The caller, authenticated at the edge, for the tus hooks (they see the same web Request).
  const callers = new WeakMap<Request, TAuth>();
  // Which uploads are live captures (their PATCHes feed the live transcription).
  const captureRequests = new WeakSet<Request>();
  const authorize = async (req: Request, uploadId: string | null | undefined) => {
    const id = ZIdSchema.safeParse(uploadId);
    if (!id.success) throw new HttpError(400, METADATA_REQUIRED, ERROR_CODES.uploadInvalid);
    const auth = callers.get(req);
    if (!auth) throw new HttpError(401, MSG.notSignedIn);
    if ((await assertCanUploadTo(deps, auth, id.data)) === 'capture') captureRequests.add(req);
  };
  // A recording's unfinished upload expires after a day (assertCanUpload answers 410), an unsaved
  // live capture's after a week (tus's own expiry); the expire-uploads job removes their files,
  // recordings and captures. With S3 storage they live in the bucket, so an upload started
  // through one API node resumes through any other.
  const datastore = deps.storage.uploadStore(TUS_EXPIRY_MS);
  const tus = new Server({
    path: UPLOAD_PATH,
    datastore,
    maxSize: RECORDING_LIMITS.maxBytes,
    respectForwardedHeaders: true,
    relativeLocation: true,
    // The edge strips CORS headers for other origins; tus sets them only for allowed ones.
    allowedOrigins: (origin) => allowedOrigins.has(origin),
    namingFunction: (_req, metadata) => {
      const id = ZIdSchema.safeParse(uploadIdOf(metadata));
      if (!id.success) throw tusError(new HttpError(400, METADATA_REQUIRED, ERROR_CODES.uploadInvalid));
      return id.data;
    },
    async onUploadCreate(req, upload) {
      try {
        await authorize(req, uploadIdOf(upload.metadata));
      } catch (err) {
        throw tusError(err);
      }
      return {};
    },
    async onIncomingRequest(req, uploadId) {
      try {
        await authorize(req, uploadId);
      } catch (err) {
        throw tusError(err);
      }
    },
    async onUploadFinish(req, upload) {
      try {
        if (captureRequests.has(req)) await finishCaptureUpload(deps, upload.id);
        else await finishFromUpload(deps, upload.id, upload.id);
      } catch (err) {
        if (!(err instanceof HttpError)) app.log.error({ err }, 'upload finish failed');
        throw tusError(err);
      }
      return {};
    },
  });

  /**
   * The Fastify request as the web Request tus handles; the body streams through untouched and
   * the upload id in the path is the lower-cased recording id (ZIdSchema), as tus named the file.
   */
  const toWebRequest = (req: FastifyRequest, uploadId: string | null): Request => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, String(value));
    }
    // Only the upload bytes stream through (the parser below leaves them unread); any other body
    // was parsed by Fastify already, and tus refuses such a PATCH by its content type.
    const hasBody =
      (req.method === 'POST' || req.method === 'PATCH') &&
      !req.raw.readableDidRead &&
      OFFSET_STREAM.test(req.headers['content-type'] ?? '');
    const url = new URL(req.raw.url ?? '/', 'http://localhost');
    if (uploadId) url.pathname = `${UPLOAD_PATH}/${uploadId}`;
    return new Request(url, {
      method: req.method,
      headers,
      body: hasBody ? (Readable.toWeb(req.raw) as ReadableStream<Uint8Array>) : undefined,
      duplex: 'half',
    } as RequestInit);
  };

  /** tus's answer, with the API's error shape and CORS only for the configured origins. */
  const send = async (req: FastifyRequest, reply: FastifyReply, res: Response) => {
    const origin = req.headers.origin;
    const corsAllowed = typeof origin === 'string' && allowedOrigins.has(origin);
    reply.status(res.status);
    res.headers.forEach((value, name) => {
      const lower = name.toLowerCase();
      if (lower === 'content-length' || lower === 'content-type') return;
      if (lower.startsWith('access-control-') && !corsAllowed) return;
      reply.header(name, value);
    });
    if (allowedOrigins.size) reply.header('vary', 'Origin');
    const text = await res.text();
    if (res.status < 400) return reply.send(text || undefined);
    // Our hooks' errors are in the API's shape already; tus's own are a line of text.
    const ours = ZApiErrorSchema.safeParse(parseJson(text));
    if (!ours.success && res.status >= 500) req.log.error({ status: res.status, tus: text.slice(0, 300) }, 'upload failed');
    const body = ours.success ? ours.data : errorBody(res.status, errorMessage(res.status, text), errorCode(res.status));
    return reply.type('application/json; charset=utf-8').send(body);
  };

  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null, undefined));
  // Authentication comes before tus validates anything (and before the body is parsed), so an
  // anonymous caller learns nothing about headers or uploads. A preflight carries no credentials.
  const signedIn = async (req: FastifyRequest) => {
    if (req.method !== 'OPTIONS') req.auth = await authenticate(deps.db, req);
  };
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const { id } = req.params as { id?: string };
    const uploadId = id === undefined ? null : ZIdSchema.safeParse(id);
    // A malformed id is a bad request, as for every id in the API; an unknown one is tus's 404.
    if (uploadId && !uploadId.success) throw badRequest('id: Invalid UUID');
    let webRequest: Request;
    try {
      webRequest = toWebRequest(req, uploadId ? uploadId.data! : null);
    } catch {
      throw new HttpError(400, 'The upload request is malformed', ERROR_CODES.uploadInvalid);
    }
    if (req.auth) callers.set(webRequest, req.auth);
    const res = await tus.handleWeb(webRequest);
    // A live capture's new bytes (or its last ones): the worker transcribes what it can of them.
    if (req.method === 'PATCH' && res.status === 204 && uploadId?.data && captureRequests.has(webRequest)) {
      await deps.queue
        .request(transcribeCaptureJob, { captureId: uploadId.data }, uploadId.data)
        .catch((err: unknown) => req.log.warn({ err }, 'live transcription not queued'));
    }
    return send(req, reply, res);
  };
  // Methods tus does not take at these addresses: 405 in the API's shape, not a bare 404.
  const notAllowed = async (_req: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', TUS_METHODS);
    throw new HttpError(405, 'Method not allowed for uploads', ERROR_CODES.methodNotAllowed);
  };
  // The app-wide CORS plugin stays out: tus's preflight names its own methods and headers, and
  // send() above keeps CORS headers for the configured origins only.
  const common = { onRequest: signedIn, config: { cors: false } };
  const hidden = { ...common, schema: { hide: true } };
  // The tus 1.0 protocol's own calls, described for the OpenAPI document (tus checks the headers).
  const described = (operationId: string, summary: string, description: string) => ({
    ...common,
    schema: { tags: ['recordings'], operationId, summary, description, headers: ZTusHeadersSchema },
  });
  app.route({
    method: 'POST',
    url: '/uploads',
    handler,
    ...described(
      'createUpload',
      "Start the resumable upload of a recording's file",
      'tus 1.0 creation. Headers: Tus-Resumable 1.0.0, Upload-Length (bytes, at most 200 MB) or Upload-Defer-Length 1 (the length comes with the last PATCH), Upload-Metadata with `recordingId` (from POST recordings) or `captureId` (from POST live-captures; exactly one of them) and `filename`, base64-encoded. 201 with the upload address in Location.',
    ),
  });
  app.route({
    method: 'HEAD',
    url: '/uploads/:id',
    handler,
    ...described(
      'getUploadOffset',
      'How many bytes of an upload the server has',
      'tus 1.0: 200 with Upload-Offset and Upload-Length, so a dropped upload resumes from there.',
    ),
  });
  app.route({
    method: 'PATCH',
    url: '/uploads/:id',
    handler,
    ...described(
      'appendUpload',
      'Send the next bytes of an upload',
      "tus 1.0: Content-Type application/offset+octet-stream and Upload-Offset equal to the server's offset. 204 with the new Upload-Offset. After the last byte the server checks the content (415 for anything but an allowed audio or video container, and nothing is kept) and the analysis starts.",
    ),
  });
  app.route({
    method: 'DELETE',
    url: '/uploads/:id',
    handler,
    ...described('cancelUpload', 'Cancel an unfinished upload', 'tus 1.0 termination: 204; the partial file is removed.'),
  });
  app.route({ method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url: '/uploads', handler, ...hidden });
  app.route({ method: 'OPTIONS', url: '/uploads/:id', handler, ...hidden });
  app.route({ method: ['GET', 'PUT'], url: '/uploads', handler: notAllowed, ...hidden });
  app.route({ method: ['GET', 'PUT', 'POST'], url: '/uploads/:id', handler: notAllowed, ...hidden });
}
