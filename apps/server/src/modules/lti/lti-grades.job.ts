import type { TJobDeps, TJobInfo } from '../../jobs/job-types.js';
import { loadMediaSecret } from '../../storage/media-urls.js';
import { announce } from '../notifications/index.js';
import {
  coachesOfGroup,
  coachScoreOf,
  insertLineItem,
  lineItemOfLink,
  loadGradePost,
  subjectOf,
  updateGradePost,
} from './lti-grades.repository.js';
import {
  forgetServiceToken,
  LTI_SCOPE,
  PlatformServiceError,
  platformFetch,
  serviceToken,
  type TServiceDeps,
} from './lti-service-token.js';

// The post-lti-grade job (AGS 2.0 Score publish service, issue 42 item 4): the coach's score of a
// recording goes to the line item of the resource link that opens its assignment, as a
// percentage (the coach's Overall 1-10 times 10, out of the line item's maximum, 100 by default),
// with the coach's newest comment on the recording. A line item the launch did not name is found
// by its resource link id in the course's line items, or created there.

const SCORE_TYPE = 'application/vnd.ims.lis.v1.score+json';
const LINE_ITEM_TYPE = 'application/vnd.ims.lis.v2.lineitem+json';
const CONTAINER_TYPE = 'application/vnd.ims.lis.v2.lineitemcontainer+json';
/** The scale a line item has when the platform does not say (the one Deep Linking asks for). */
export const DEFAULT_SCORE_MAXIMUM = 100;
/** The coach's Overall score is a whole number from 1 to 10. */
const OVERALL_MAX = 10;

type TLineItem = { id?: unknown; scoreMaximum?: unknown; resourceLinkId?: unknown };
type TLoaded = NonNullable<Awaited<ReturnType<typeof loadGradePost>>>;

/** A refusal no retry can change (no line items address, the student not known to the platform). */
class FinalFailure extends Error {}

const serviceDeps = (deps: TJobDeps): TServiceDeps => ({
  db: deps.db,
  config: deps.config,
  mediaSecret: loadMediaSecret(deps.config.mediaSecret, deps.config.dataDir),
});

async function call(deps: TJobDeps, g: TLoaded, scopes: string[], url: string, init: RequestInit & { headers: Record<string, string> }) {
  const token = await serviceToken(serviceDeps(deps), g.platform, scopes);
  const res = await platformFetch(deps.config, url, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } });
  if (res.status === 401) forgetServiceToken(g.platform, scopes);
  if (!res.ok) throw new PlatformServiceError(`${init.method ?? 'GET'} ${new URL(url).pathname} answered ${res.status}`, res.status);
  return res;
}

/** The line item the score goes to: the launch's, else the course's one for this link, else a new one. */
async function lineItemOf(deps: TJobDeps, g: TLoaded): Promise<{ id: string; url: string; scoreMaximum: number }> {
  const known = await lineItemOfLink(deps.db, g.link.id);
  if (known) return { id: known.id, url: known.lineItemUrl, scoreMaximum: known.scoreMaximum ?? DEFAULT_SCORE_MAXIMUM };
  if (!g.context.lineItemsUrl) throw new FinalFailure('the course gave no line items address (AGS is not enabled for the tool)');
  const scopes = [LTI_SCOPE.lineItem];
  const find = new URL(g.context.lineItemsUrl);
  find.searchParams.set('resource_link_id', g.link.resourceLinkId);
  const listed = await call(deps, g, scopes, find.toString(), { method: 'GET', headers: { accept: CONTAINER_TYPE } });
  const listedItems: unknown = await listed.json().catch(() => []);
  let item = (Array.isArray(listedItems) ? (listedItems as TLineItem[]) : []).find(
    (i) => typeof i.id === 'string' && i.resourceLinkId === g.link.resourceLinkId,
  );
  if (!item) {
    const created = await call(deps, g, scopes, g.context.lineItemsUrl, {
      method: 'POST',
      headers: { 'content-type': LINE_ITEM_TYPE, accept: LINE_ITEM_TYPE },
      body: JSON.stringify({
        scoreMaximum: DEFAULT_SCORE_MAXIMUM,
        label: g.assignmentName,
        resourceLinkId: g.link.resourceLinkId,
        resourceId: g.post.assignmentId,
      }),
    });
    item = ((await created.json().catch(() => null)) ?? {}) as TLineItem;
  }
  if (typeof item.id !== 'string') throw new PlatformServiceError('the line item has no id', 0);
  const max = typeof item.scoreMaximum === 'number' && item.scoreMaximum > 0 ? item.scoreMaximum : DEFAULT_SCORE_MAXIMUM;
  const row = await insertLineItem(deps.db, g.link.id, item.id, max);
  return { id: row.id, url: row.lineItemUrl, scoreMaximum: row.scoreMaximum ?? max };
}

/** `{lineitem}/scores`, keeping the line item's query (Moodle's line items carry one). */
export function scoresUrl(lineItemUrl: string): string {
  const u = new URL(lineItemUrl);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/scores`;
  return u.toString();
}

/** The Score message for the student (AGS 2.0 section 3.4). */
export async function scoreOf(deps: Pick<TJobDeps, 'db'>, g: TLoaded, subject: string, scoreMaximum: number) {
  const coach = await coachScoreOf(deps.db, g.post.recordingId);
  const graded = coach?.scoreOverall != null;
  return {
    userId: subject,
    ...(graded ? { scoreGiven: Math.round((coach.scoreOverall! / OVERALL_MAX) * scoreMaximum * 100) / 100, scoreMaximum } : {}),
    activityProgress: graded ? 'Completed' : 'Submitted',
    gradingProgress: graded ? (g.platform.gradesAsDrafts ? 'Pending' : 'FullyGraded') : 'NotReady',
    timestamp: new Date().toISOString(),
    ...(coach?.comment ? { comment: coach.comment } : {}),
  };
}

/** Marks the post failed for good and tells the class's coaches in the notification centre. */
async function failForGood(deps: TJobDeps, g: TLoaded, error: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await updateGradePost(tx, g.post.id, { state: 'failed', lastError: error.slice(0, 500) });
    const coaches = g.groupId ? await coachesOfGroup(tx, g.groupId) : [];
    await announce(
      tx,
      { queue: deps.queue, config: deps.config },
      coaches.map((userId) => ({
        notice: {
          userId,
          kind: 'ltiGradeFailed' as const,
          actorName: g.studentName,
          title: g.assignmentName,
          detail: null,
          recordingId: null,
          assignmentId: g.post.assignmentId,
        },
        mail: null,
      })),
    );
  });
}

export async function handlePostLtiGrade(deps: TJobDeps, payload: { gradePostId: string }, job: TJobInfo): Promise<void> {
  const g = await loadGradePost(deps.db, payload.gradePostId);
  if (g?.post.state !== 'queued') return;
  await updateGradePost(deps.db, g.post.id, { attempts: g.post.attempts + 1 });
  try {
    const subject = await subjectOf(deps.db, g.platform.id, g.post.userId);
    if (!subject) throw new FinalFailure('the student has no account at this learning platform (never launched or synced)');
    const item = await lineItemOf(deps, g);
    await call(deps, g, [LTI_SCOPE.score], scoresUrl(item.url), {
      method: 'POST',
      headers: { 'content-type': SCORE_TYPE },
      body: JSON.stringify(await scoreOf(deps, g, subject, item.scoreMaximum)),
    });
    await updateGradePost(deps.db, g.post.id, { state: 'sent', lineItemId: item.id, lastError: null, sentAt: new Date() });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof FinalFailure || job.retryCount >= job.retryLimit) {
      await failForGood(deps, g, message);
      if (err instanceof FinalFailure) return;
    } else {
      await updateGradePost(deps.db, g.post.id, { lastError: message.slice(0, 500) });
    }
    throw err;
  }
}

/** The last try died with its worker: nothing will run it again. */
export async function abandonLtiGrade(deps: TJobDeps, payload: { gradePostId: string }): Promise<void> {
  const g = await loadGradePost(deps.db, payload.gradePostId);
  if (g && g.post.state === 'queued') await failForGood(deps, g, 'the last try did not finish');
}
