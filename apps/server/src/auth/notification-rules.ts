import type { TEmailPreferenceKey, TEmailPreferences, TEmailSections } from '@rostrum/contract';
import { hasActiveRole } from './membership-active.js';
import { recordingAccess } from './privacy-rules.js';
import { isActiveSpeakerIn } from './roles.js';

// Who may get which notification email (000 section 2.10, docs/decisions/notifications.md "Item 3"). The
// settings page shows exactly the switches emailSectionsFor offers, and a mail goes only to a
// recipient it offers that kind to, who left it on, and who may open the recording it is about.

type TOrgMailSettings = {
  Email_Notifications_For_Speakers?: boolean | null;
  Email_Notifications_For_Managers?: boolean | null;
  Assignments?: boolean | null;
};
type TMembershipFacts = { roles: string[]; status: string; expiresAt: Date | null };

const SPEAKER_KINDS: TEmailPreferenceKey[] = [
  'feedbackReceivedFrequency',
  'recordingProcessedFrequency',
  'recordingSharedFrequency',
  'assignmentReceivedFrequency',
];
const COACH_KINDS: TEmailPreferenceKey[] = ['recordingSubmittedFrequency', 'assignmentCompletedFrequency'];
const ASSIGNMENT_KINDS: ReadonlySet<TEmailPreferenceKey> = new Set(['assignmentReceivedFrequency', 'assignmentCompletedFrequency']);

/**
 * The switches of the settings page, by section (an empty section is not shown): the speaker
 * section when the org sends speaker emails; the coach section when it sends coach emails and
 * the user coaches a group (an active manager membership); assignment switches only with the
 * org setting Assignments on.
 */
export function emailSectionsFor(org: TOrgMailSettings, memberships: ReadonlyArray<TMembershipFacts>, now = new Date()): TEmailSections {
  const offered = (k: TEmailPreferenceKey) => !!org.Assignments || !ASSIGNMENT_KINDS.has(k);
  const coaches = memberships.some((m) => hasActiveRole(m, 'manager', now));
  return {
    speakers: org.Email_Notifications_For_Speakers ? SPEAKER_KINDS.filter(offered) : [],
    coaches: org.Email_Notifications_For_Managers && coaches ? COACH_KINDS.filter(offered) : [],
  };
}

/** Whether a user gets one kind of email: the org sends it, and the user left it on. Who is a recipient is decided by the caller's audience rule. */
export function wantsEmail(org: TOrgMailSettings, prefs: TEmailPreferences, kind: TEmailPreferenceKey): boolean {
  if (ASSIGNMENT_KINDS.has(kind) && !org.Assignments) return false;
  const orgOn = COACH_KINDS.includes(kind) ? org.Email_Notifications_For_Managers : org.Email_Notifications_For_Speakers;
  return !!orgOn && prefs[kind] === '1';
}

/** The group events that mail other members about a recording. */
export type TRecordingNotice = 'shared' | 'submitted' | 'assignmentCompleted';

/**
 * Whether a member of the recording's group is told of it: peers (active speakers) when it is
 * shared with the group, coaches (active managers) when it is submitted for review or hands in
 * an assignment; in each case only a member who may hear it (recordingAccess), never its owner.
 */
export function toldOfRecording(
  notice: TRecordingNotice,
  member: { userId: string; orgId: string; orgRoles: string[] },
  m: TMembershipFacts,
  rec: { userId: string; orgId: string; feedbackRequested: boolean; submitted: boolean },
  group: { managerPrivacyLevel: number; speakerPrivacyLevel: number },
  now = new Date(),
): boolean {
  if (member.userId === rec.userId) return false;
  const inRole = notice === 'shared' ? isActiveSpeakerIn(m, now) : hasActiveRole(m, 'manager', now);
  return inRole && recordingAccess(member, rec, group, m, now) === 'hear';
}
