// The groups half of the organisation admin area (000 sections 2.11, 4, 6): seat statistics,
// the member list filter, deactivating a group's members, and what each privacy level means.
import { z } from 'zod';
import type { TPrivacyLevel } from './privacy.js';
import type { TVocabulary } from './vocabulary.js';

/**
 * GET admin/stats (org admins). A user who is both a coach and an active speaker counts in both
 * coachesAndAdmins and activeSpeakerSeats; expiredUsers are the users in neither.
 */
export const ZAdminStatsSchema = z.object({
  /** Org admins, org managers and users with an active manager membership. */
  coachesAndAdmins: z.number().int().min(0),
  /** Users with an active speaker membership: the seats the limit counts. */
  activeSpeakerSeats: z.number().int().min(0),
  /** Every other user of the organisation. */
  expiredUsers: z.number().int().min(0),
  totalUsers: z.number().int().min(0),
  /** settings.seatLimit; null means unlimited. */
  seatLimit: z.number().int().min(0).nullable(),
});
export type TAdminStats = z.infer<typeof ZAdminStatsSchema>;

/** The alarm style: a limit of 0, or a limit the active speakers have reached. */
export function isSeatAlarm(stats: Pick<TAdminStats, 'seatLimit' | 'activeSpeakerSeats'>): boolean {
  return stats.seatLimit !== null && (stats.seatLimit === 0 || stats.activeSpeakerSeats >= stats.seatLimit);
}

/** GET groups/{id}/members?active=1: active memberships only. */
export const ZGroupMembersQuerySchema = z.object({ active: z.enum(['0', '1']).optional() });
export type TGroupMembersQuery = z.infer<typeof ZGroupMembersQuerySchema>;

/** DELETE groups/{id}/members: how many memberships were active before. */
export const ZDeactivateMembersResponseSchema = z.object({ deactivated: z.number().int().min(0) });
export type TDeactivateMembersResponse = z.infer<typeof ZDeactivateMembersResponseSchema>;

/** 'Deactivate All Speakers and Coaches' / 'Deactivate All Students and Instructors'. */
export function deactivateAllLabel(vocab: TVocabulary): string {
  return `Deactivate All ${vocab.Word('speakers')} and ${vocab.Word('coaches')}`;
}

/** 'List of active speakers in this group' / 'List of all students in this class'. */
export function groupMembersCaption(vocab: TVocabulary, activeOnly: boolean): string {
  return `List of ${activeOnly ? 'active' : 'all'} ${vocab.word('speakers')} in this ${vocab.word('group')}`;
}

/** 'Add New Group' / 'Add New Class'. */
export function addNewGroupLabel(vocab: TVocabulary): string {
  return `Add New ${vocab.Word('group')}`;
}

/** What each coach privacy level means (000 section 6, first table). */
export function managerPrivacyEffects(vocab: TVocabulary): Record<Exclude<TPrivacyLevel, 4>, string> {
  const coach = vocab.Word('coach');
  return {
    0: `${coach} sees all recordings, hears none, no feedback or scores.`,
    1: `${coach} sees and hears all recordings, all feedback and scores.`,
    2: `${coach} sees all recordings but hears only submitted or shared ones; feedback and scores only on submitted or shared ones.`,
    3: `${coach} sees and hears only submitted or shared recordings, same feedback limit.`,
  };
}

/** What each speaker privacy level means (000 section 6, second table). */
export function speakerPrivacyEffects(vocab: TVocabulary): Record<TPrivacyLevel, string> {
  const speakers = vocab.word('speakers');
  const coach = vocab.word('coach');
  return {
    0: 'No peer sharing.',
    1: `${vocab.Word('speakers')} hear only peer-review submissions, see the list of all ${speakers}, see all feedback and scores on them.`,
    2: `As Low, but ${coach} feedback and scores hidden except on the ${vocab.word('speaker')}'s own recordings.`,
    3: `${vocab.Word('speaker')} list shows only ${speakers} who shared; no ${vocab.word('speaker')} or ${coach} feedback visible except on own recordings.`,
    4: `Sharing disabled, no ${vocab.word('speaker')} list, no ${vocab.word('speaker')} feedback, ${coach} feedback only on own recordings.`,
  };
}

/**
 * What "Private" at intake means for the coach of the group the recording goes to (issue 41): a
 * private recording is in no assignment, which hides it from the coach only at the higher levels.
 */
export function privateRecordingNote(managerPrivacyLevel: TPrivacyLevel, vocab: TVocabulary): string {
  const coach = vocab.word('coach');
  switch (managerPrivacyLevel) {
    case 0:
      return `A private recording is in no assignment. Your ${coach} sees it in your list but cannot hear it.`;
    case 1:
      return `A private recording is in no assignment, but it is not hidden: in this ${vocab.word('group')} your ${coach} hears every recording, this one too.`;
    case 2:
      return `A private recording is in no assignment. Your ${coach} sees it in your list but hears it only once you move it into an assignment and share or flag it.`;
    default:
      return 'A private recording is yours alone until you move it into an assignment and share or flag it.';
  }
}
