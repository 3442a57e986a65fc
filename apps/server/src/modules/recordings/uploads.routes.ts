import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { RECORDING_LIMITS } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authenticateHeader } from '../../auth/auth-context.js';
import { HttpError } from '../../http/errors.js';
import type { TZodApp } from '../../http/route-kit.js';
import { assertCanUpload, finishUpload, UPLOAD_PATH } from './recordings.service.js';

// Resumable uploads (tus 1.0): a dropped connection continues from the last byte the server
// has (HEAD, then PATCH from that offset) instead of starting over. The upload id is the
// recording id, so only the recording's owner can create, resume or finish it.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** tus hooks answer errors as {status_code, body}; the body keeps the API's error shape. */
function tusError(err: unknown): { status_code: number; body: string } {
  const status = err instanceof HttpError ? err.status : 500;
  const message = err instanceof HttpError ? err.message : 'Oops! There was a problem. Please try your request again';
  return { status_code: status, body: JSON.stringify({ errors: [{ message, status }] }) };
}

export function uploadsRoutes(app: TZodApp, deps: TDeps) {
  const uploadsDir = path.join(deps.config.dataDir, 'uploads');
  const authorize = async (req: Request, recordingId: string | undefined) => {
    if (!recordingId || !UUID.test(recordingId)) throw new HttpError(400, 'recordingId is required in the upload metadata');
    const auth = await authenticateHeader(deps.db, req.headers.get('authorization'));
    await assertCanUpload(deps, auth, recordingId);
  };
  const datastore = new FileStore({ directory: uploadsDir });
  const tus = new Server({
    path: UPLOAD_PATH,
    datastore,
    maxSize: RECORDING_LIMITS.maxBytes,
    respectForwardedHeaders: true,
    relativeLocation: true,
    namingFunction: (_req, metadata) => {
      const id = metadata?.recordingId ?? '';
      if (!UUID.test(id)) throw tusError(new HttpError(400, 'recordingId is required in the upload metadata'));
      return id;
    },
    async onUploadCreate(req, upload) {
      try {
        await authorize(req as unknown as Request, upload.metadata?.recordingId ?? undefined);
      } catch (err) {
        throw tusError(err);
      }
      return {};
    },
    async onIncomingRequest(req, uploadId) {
      try {
        await authorize(req as unknown as Request, uploadId);
      } catch (err) {
        throw tusError(err);
      }
    },
    async onUploadFinish(_req, upload) {
      try {
        await finishUpload(deps, upload.id, path.join(uploadsDir, upload.id));
      } catch (err) {
        if (!(err instanceof HttpError)) app.log.error({ err }, 'upload finish failed');
        throw tusError(err);
      } finally {
        // The file itself was moved into media storage or refused; drop tus's leftovers.
        await rm(path.join(uploadsDir, upload.id), { force: true });
        await rm(path.join(uploadsDir, `${upload.id}.json`), { force: true });
      }
      return {};
    },
  });

  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
  const handler = async (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    reply.hijack();
    await tus.handle(req.raw, reply.raw);
  };
  app.route({ method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url: '/uploads', handler, schema: { hide: true } });
  app.route({ method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url: '/uploads/:id', handler, schema: { hide: true } });
}
