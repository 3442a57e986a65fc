import { vocabulary, type TEmailPreferenceKey } from '@rostrum/contract';
import type { TDb } from '../../db/client.js';
import type { TMail } from '../../mail/mailer.js';
import { toldOfRecording, wantsEmail, type TRecordingNotice } from '../../auth/policies.js';
import { findOrgForNotice, findRecordingForNotice, listGroupMembersWithUsers, listUsersByIds } from './notifications.repository.js';
import {
  assignmentCompletedMail,
  assignmentReceivedMail,
  recordingProcessedMail,
  recordingSharedMail,
  recordingSubmittedMail,
  type TRecipient,
} from './notification-mails.js';

/** What a notifying change needs: the mail queue and the public URL the links point at. */
export interface TNotifyDeps {
  queue: { enqueueEmail(tx: TDb, mail: TMail): Promise<void> };
  config: { publicUrl: string };
}

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

/**
 * Enqueues the emails these events send, in the caller's transaction (so they go only if the
 * change commits, and the send-email job retries them while the transport fails). The group
 * notices wait for the analysis: for a recording still processing they are sent with the
 * "processed" event, from the recording's flags at that moment.
 */
export async function notifyRecordingEvents(tx: TDb, deps: TNotifyDeps, recordingId: string, events: TRecordingEvents): Promise<number> {
  const row = await findRecordingForNotice(tx, recordingId);
  if (!row) return 0;
  const { r, owner, group, orgSettings } = row;
  const url = deps.config.publicUrl;
  const mails: TMail[] = [];
  if (events.processed && r.status === 'done' && wantsEmail(orgSettings, owner.emailPreferences, 'recordingProcessedFrequency')) {
    mails.push(recordingProcessedMail(url, owner, r));
  }
  if (r.status === 'done' && group) {
    // One email per member: an assignment hand-in says more than a review request, which says more than a share.
    const notices = NOTICE_ORDER.filter((n) => events[n] || (events.processed && flagged(n, r)));
    if (notices.length) {
      const v = vocabulary(row.orgType);
      for (const { user, membership } of await listGroupMembersWithUsers(tx, group.id)) {
        if (user.orgId !== r.orgId) continue;
        const notice = notices.find(
          (n) =>
            wantsEmail(orgSettings, user.emailPreferences, NOTICE_KIND[n]) &&
            toldOfRecording(n, { ...user, userId: user.id }, membership, r, group),
        );
        if (notice) mails.push(groupMail(notice, url, user, r, owner.name, group.name, row.assignmentName, v));
      }
    }
  }
  for (const mail of mails) await deps.queue.enqueueEmail(tx, mail);
  return mails.length;
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
 * Enqueues the "new assignment" email (assignmentReceivedFrequency) to each speaker an assign
 * step targeted, in the caller's transaction. Speakers of another organisation are skipped.
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
  let sent = 0;
  for (const user of await listUsersByIds(tx, [...new Set(userIds)])) {
    if (user.orgId !== orgId || !wantsEmail(org.settings, user.emailPreferences, 'assignmentReceivedFrequency')) continue;
    await deps.queue.enqueueEmail(tx, assignmentReceivedMail(deps.config.publicUrl, user, assignment, coachName, groupName, v));
    sent++;
  }
  return sent;
}
