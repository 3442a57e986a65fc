import { vocabulary, type TEmailPreferenceKey } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import type { TMail } from '../../mail/mailer.js';
import { toldOfRecording, wantsEmail, type TRecordingNotice } from '../../auth/policies.js';
import { announce, type TAnnouncement, type TNoticeInsert, type TNotifyDeps } from './announce.js';
import { findOrgForNotice, findRecordingForNotice, listGroupMembersWithUsers, listUsersByIds } from './notifications.repository.js';
import {
  assignmentCompletedMail,
  assignmentReceivedMail,
  recordingProcessedMail,
  recordingSharedMail,
  recordingSubmittedMail,
  type TRecipient,
} from './notification-mails.js';

export type { TNotifyDeps } from './announce.js';

/** The events of one change to a recording that may send mail. */
export interface TRecordingEvents {
  /** The analysis finished: its owner is told. */
  processed?: boolean;
  /** Shared with the group (feedbackRequested turned on): the peers who may hear it. */
  shared?: boolean;
  /** Submitted (flagged) for coach review: the coaches who may hear it. */
  submitted?: boolean;
  /** Moved into an assignment: that group's coaches who may hear it. */
  assignmentCompleted?: boolean;
}

const NOTICE_ORDER: TRecordingNotice[] = ['assignmentCompleted', 'submitted', 'shared'];

const NOTICE_KIND: Record<TRecordingNotice, TEmailPreferenceKey> = {
  shared: 'recordingSharedFrequency',
  submitted: 'recordingSubmittedFrequency',
  assignmentCompleted: 'assignmentCompletedFrequency',
};

/** The bell's kind for each group notice. */
const NOTICE_BELL: Record<TRecordingNotice, TNoticeInsert['kind']> = {
  shared: 'shared',
  submitted: 'reviewRequested',
  assignmentCompleted: 'assignmentCompleted',
};

/**
 * Tells these events to the people they concern (announce: the bell's notice, and the email when
 * they take it), in the caller's transaction, so both go only if the change commits. The group
 * notices wait for the analysis: for a recording still processing they are told with the
 * "processed" event, from the recording's flags at that moment. Returns the emails enqueued.
 */
export async function notifyRecordingEvents(tx: TDb, deps: TNotifyDeps, recordingId: string, events: TRecordingEvents): Promise<number> {
  const row = await findRecordingForNotice(tx, recordingId);
  if (!row) return 0;
  const { r, owner, group, orgSettings } = row;
  const url = deps.config.publicUrl;
  const told: TAnnouncement[] = [];
  if (events.processed && r.status === 'done') {
    told.push({
      notice: { userId: owner.id, kind: 'results', title: r.title, recordingId: r.id },
      mail: wantsEmail(orgSettings, owner.emailPreferences, 'recordingProcessedFrequency') ? recordingProcessedMail(url, owner, r) : null,
    });
  }
  if (r.status === 'done' && group) {
    // One notice per member: an assignment hand-in says more than a review request, which says
    // more than a share. The email is the first of those they are told of that they take.
    const notices = NOTICE_ORDER.filter((n) => events[n] || (events.processed && flagged(n, r)));
    if (notices.length) {
      const v = vocabulary(row.orgType);
      for (const { user, membership } of await listGroupMembersWithUsers(tx, group.id)) {
        if (user.orgId !== r.orgId) continue;
        const heard = notices.filter((n) => toldOfRecording(n, { ...user, userId: user.id }, membership, r, group));
        const first = heard[0];
        if (!first) continue;
        const mailed = heard.find((n) => wantsEmail(orgSettings, user.emailPreferences, NOTICE_KIND[n]));
        told.push({
          notice: {
            userId: user.id,
            kind: NOTICE_BELL[first],
            actorName: owner.name,
            title: r.title,
            detail: first === 'shared' ? group.name : first === 'assignmentCompleted' ? row.assignmentName : null,
            recordingId: r.id,
            assignmentId: first === 'assignmentCompleted' ? r.assignmentId : null,
          },
          mail: mailed ? groupMail(mailed, url, user, r, owner.name, group.name, row.assignmentName, v) : null,
        });
      }
    }
  }
  return announce(tx, deps, told);
}

/** Whether the recording carries the flag a notice is about (checked when its analysis finishes). */
function flagged(notice: TRecordingNotice, r: { feedbackRequested: boolean; submitted: boolean; assignmentId: string | null }): boolean {
  if (notice === 'shared') return r.feedbackRequested;
  if (notice === 'submitted') return r.submitted;
  return r.assignmentId !== null;
}

function groupMail(
  notice: TRecordingNotice,
  url: string,
  to: TRecipient,
  r: { id: string; title: string },
  ownerName: string,
  groupName: string,
  assignmentName: string | null,
  v: ReturnType<typeof vocabulary>,
): TMail {
  if (notice === 'shared') return recordingSharedMail(url, to, r, ownerName, groupName, v);
  if (notice === 'submitted') return recordingSubmittedMail(url, to, r, ownerName, groupName, v);
  return assignmentCompletedMail(url, to, r, ownerName, assignmentName ?? 'an assignment', v);
}

/**
 * Tells each speaker an assign step targeted of the new assignment (the bell, and the email when
 * they take assignmentReceivedFrequency), in the caller's transaction. Speakers of another
 * organisation are skipped. Returns the emails enqueued.
 */
export async function notifyAssignmentReceived(
  tx: TDb,
  deps: TNotifyDeps,
  orgId: string,
  assignment: { id: string; name: string },
  coachName: string,
  groupName: string,
  userIds: readonly string[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const org = await findOrgForNotice(tx, orgId);
  if (!org) return 0;
  const v = vocabulary(org.type);
  const told: TAnnouncement[] = [];
  for (const user of await listUsersByIds(tx, [...new Set(userIds)])) {
    if (user.orgId !== orgId) continue;
    told.push({
      notice: {
        userId: user.id,
        kind: 'assignmentReceived',
        actorName: coachName,
        title: assignment.name,
        detail: groupName,
        assignmentId: assignment.id,
      },
      mail: wantsEmail(org.settings, user.emailPreferences, 'assignmentReceivedFrequency')
        ? assignmentReceivedMail(deps.config.publicUrl, user, assignment, coachName, groupName, v)
        : null,
    });
  }
  return announce(tx, deps, told);
}
