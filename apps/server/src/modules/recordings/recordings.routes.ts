import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { ZRecordingSummarySchema, type TRecordingSummary } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { groups, recordings, users } from '../../db/schema.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';

/** The caller's own recordings, newest first: the speaker's results list. */
async function listOwnRecordings(deps: TDeps, userId: string): Promise<TRecordingSummary[]> {
  const rows = await deps.db
    .select({ r: recordings, groupName: groups.name, firstName: users.firstName, lastName: users.lastName })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.userId))
    .leftJoin(groups, eq(groups.id, recordings.groupId))
    .where(and(eq(recordings.userId, userId), isNull(recordings.deletedAt)))
    .orderBy(desc(recordings.createdAt));
  return rows.map(({ r, groupName, firstName, lastName }) => ({
    recordingId: r.id,
    userId: r.userId,
    groupId: r.groupId,
    groupName,
    title: r.title,
    createdDate: r.createdAt.toISOString(),
    fileName: r.fileName,
    duration: r.duration,
    isVideo: r.isVideo,
    uploading: r.status === 'uploading',
    processing: r.status === 'uploading' || r.status === 'processing',
    failed: r.status === 'failed',
    failedReason: r.failedReason,
    feedbackRequested: r.feedbackRequested,
    submitted: r.submitted,
    numSpeakers: r.numSpeakers,
    userFirstName: firstName,
    userLastName: lastName,
    overallScore: r.overallScore,
  }));
}

export function recordingsRoutes(app: TZodApp, deps: TDeps) {
  app.get(
    '/recordings',
    { preHandler: requireAuth(deps), schema: { tags: ['recordings'], response: responses(z.array(ZRecordingSummarySchema)) } },
    async (req) => ok(await listOwnRecordings(deps, authOf(req).userId)),
  );
}
