import { NOTICES_LISTED, type TNotices, ZNoticesSchema, ZReadNoticesBodySchema } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { countUnreadOf, listNoticesOf, markNoticesRead } from './notices.repository.js';

/** The caller's newest notices and their unread count. */
async function noticesOf(db: TDb, userId: string): Promise<TNotices> {
  const [rows, unread] = await Promise.all([listNoticesOf(db, userId, NOTICES_LISTED), countUnreadOf(db, userId)]);
  return {
    items: rows.map(({ n }) => ({
      noticeId: n.id,
      kind: n.kind,
      actorName: n.actorName,
      title: n.title,
      detail: n.detail,
      recordingId: n.recordingId,
      assignmentId: n.assignmentId,
      createdDate: n.createdAt.toISOString(),
      read: n.readAt !== null,
    })),
    unread,
  };
}

/** The notification centre: each user reads and marks only their own notices. */
export function noticesRoutes(app: TZodApp, deps: TDeps) {
  app.get(
    '/notices',
    {
      onRequest: requireAuth(deps),
      schema: {
        operationId: 'getNotices',
        summary: "The caller's newest notices (the bell) and how many are unread",
        tags: ['notices'],
        response: responses(ZNoticesSchema),
      },
    },
    async (req) => ok(await noticesOf(deps.db, authOf(req).userId)),
  );
  app.post(
    '/notices/read',
    {
      onRequest: requireAuth(deps),
      schema: {
        operationId: 'readNotices',
        summary: 'Marks notices the caller has seen as read (their own; other ids change nothing)',
        tags: ['notices'],
        body: ZReadNoticesBodySchema,
        response: responses(ZNoticesSchema),
      },
    },
    async (req) => {
      const { userId } = authOf(req);
      await markNoticesRead(deps.db, userId, req.body.noticeIds, new Date());
      return ok(await noticesOf(deps.db, userId));
    },
  );
}
