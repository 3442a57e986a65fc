// The authorisation oracle: who may see and do what, written from the product spec
// (/work/shared/spec 000 section 6, 001 sections 4-6, 002 sections 2 and 6), NOT from
// src/auth/policies.ts, so the matrix can catch a wrong policy. Pure functions only.
//
// Spec references below: "000 §6" = 000_*.txt section 6, and so on. Where the spec is silent
// the choice is marked SILENT with the reason; docs/api/README.md supplies only the status convention.

export const CALLERS = ['anonymous', 'owner', 'peer', 'coach', 'admin', 'foreignAdmin'] as const;
/**
 * owner: the speaker who owns the target (recording, or the user looked at); peer: another
 * speaker of the same group; coach: an active manager of the group; admin: an org admin (not a
 * group member); foreignAdmin: the admin of another organisation.
 */
export type TCaller = (typeof CALLERS)[number];

export type TCoachLevel = 0 | 1 | 2 | 3;
export type TSpeakerLevel = 0 | 1 | 2 | 3 | 4;
export type TLevels = { coach: TCoachLevel; speaker: TSpeakerLevel };

/** shared: shared with the group (feedbackRequested); submitted: flagged for coach review. */
export type TRecFlags = { shared: boolean; submitted: boolean };

/** What the caller gets of a recording: media, results and score; the row only; or a 404. */
export type TView = 'full' | 'list-only' | 'hidden';

/** Who wrote a feedback item (or rated, for scorecard answers). */
export type TAuthor = 'owner' | 'peer' | 'coach' | 'admin' | 'otherSpeaker' | 'otherCoach';

/** The spec offers level 0 only while Assignments is off (000 §3), so the matrix turns it on elsewhere. */
export const assignmentsOnFor = (lv: TLevels) => lv.coach > 0 && lv.speaker > 0;

/**
 * SILENT: the spec never says what an org admin sees of recordings (000 §6 lists admin powers
 * over groups and users only). The admin is treated as a coach of every group of the
 * organisation, never more: the privacy levels protect speakers from the organisation too.
 */
const coachLike = (c: TCaller) => c === 'coach' || c === 'admin';
const coachAuthored = (a: TAuthor) => a === 'coach' || a === 'admin' || a === 'otherCoach';

/** 000 §6 coach and speaker privacy tables; 001 §6. */
export function recordingView(caller: TCaller, lv: TLevels, rec: TRecFlags): TView {
  if (caller === 'anonymous' || caller === 'foreignAdmin') return 'hidden';
  if (caller === 'owner') return 'full';
  const sharedOrSubmitted = rec.shared || rec.submitted;
  if (coachLike(caller)) {
    switch (lv.coach) {
      case 0: // "sees all recordings, hears none"
        return 'list-only';
      case 1: // "sees and hears all recordings"
        return 'full';
      case 2: // "sees all recordings but hears only submitted or shared ones"
        return sharedOrSubmitted ? 'full' : 'list-only';
      default: // 3: "sees and hears only submitted or shared recordings"
        return sharedOrSubmitted ? 'full' : 'hidden';
    }
  }
  // A peer: levels 1-3 "hear only peer-review submissions" (recordings shared with the group);
  // 0 "no peer sharing", 4 "sharing disabled". Flagging for coach review shares with no peer.
  return lv.speaker >= 1 && lv.speaker <= 3 && rec.shared ? 'full' : 'hidden';
}

/** Whether the caller sees one feedback item or score set (with its scorecard answers). */
export function feedbackVisible(caller: TCaller, lv: TLevels, rec: TRecFlags, author: TAuthor): boolean {
  // 001 §6: "Feedback is active only if the recording's group has speakerPrivacyLevel above 0".
  if (lv.speaker === 0) return false;
  // 000 §6: coach level 0 "no feedback or scores"; 2 and 3 "feedback and scores only on
  // submitted or shared ones"; peers get feedback only on what they may hear.
  if (recordingView(caller, lv, rec) !== 'full') return false;
  // SILENT: an author always sees their own words (level 3 keeps "own" feedback visible).
  if (author === caller) return true;
  if (caller === 'owner') {
    // Levels 2 and 3 hide feedback "except on the speaker's own recordings"; level 4:
    // "no speaker feedback, coach feedback only on own recordings".
    return coachAuthored(author) || lv.speaker !== 4;
  }
  // Coaches (coach level 1: "all feedback and scores"; 2 and 3 on what they hear).
  if (coachLike(caller)) return true;
  // A peer on someone else's shared recording.
  if (lv.speaker === 1) return true; // "see all feedback and scores on them"
  if (lv.speaker === 2) return !coachAuthored(author); // "coach feedback and scores hidden"
  return false; // 3: "no speaker or coach feedback visible except on own recordings"
}

/**
 * 001 §6: feedback needs speaker level above 0; a comment needs a recording the caller may
 * hear. SILENT on who comments: whoever hears the recording, the owner too (002 §3's
 * selfCommentary criterion means owners comment on their own recordings).
 */
export function mayComment(caller: TCaller, lv: TLevels, rec: TRecFlags): boolean {
  return lv.speaker > 0 && recordingView(caller, lv, rec) === 'full';
}

/**
 * 001 §6: "Without a custom scorecard anyone but the owner may add a score"; "if
 * coachOnlyScorecard, only for the recording's coach" (the org admin counts as a coach, see above).
 */
export function mayScore(caller: TCaller, lv: TLevels, rec: TRecFlags, coachOnly = false): boolean {
  return mayComment(caller, lv, rec) && caller !== 'owner' && (!coachOnly || coachLike(caller));
}

// ---- statuses ---------------------------------------------------------------------------

/**
 * The status convention (docs/api/README.md, the existing route tests): 401 without a key; another
 * organisation's ids are 404; in the caller's own organisation a target they may not see is
 * 404 and one they see but may not act on is 403. The admin area answers 403 to non-admins.
 */
export function statusFor(caller: TCaller, rule: { visible: boolean; allowed: boolean }): number {
  if (caller === 'anonymous') return 401;
  if (caller === 'foreignAdmin') return 404;
  if (!rule.visible) return 404;
  return rule.allowed ? 200 : 403;
}

/** A signed-in caller of the target's organisation. */
export const sameOrg = (c: TCaller) => c !== 'anonymous' && c !== 'foreignAdmin';

/** Groups: every member (speakers, coaches) and the org admins see the group (000 §6, §2.11). */
export const groupVisible = (c: TCaller) => sameOrg(c);

/**
 * The member list with emails, logins and recording counts is the manage and admin view
 * (000 §2.11, 002 §2.5): the group's coaches and org admins. The speakers' "list of speakers"
 * of 000 §6 is a different, speaker-facing view; this one answers 403 to speakers.
 */
export const mayListMembers = (c: TCaller) => coachLike(c);

/**
 * 002 §2.8 / 000 §6: the recordings shared with a group are listed for its speakers (the owner and
 * the peer), never for coaches or admins, who have the group's own list; sharing is on at speaker
 * levels 1 to 3 only.
 */
export const mayListPeerShares = (c: TCaller) => c === 'owner' || c === 'peer';
export const peerSharingOn = (lv: TLevels) => lv.speaker >= 1 && lv.speaker <= 3;

/**
 * 002 §2.2 and §6: "Download report needs manager role plus org setting Download_Report_Button"
 * (the matrix's organisations have it on); the comparison report is "coach-only" (§2.6). The org
 * admin counts as a coach (see above). Speakers of the group see it and are refused (403).
 */
export const mayReport = (c: TCaller) => coachLike(c);

/** 000 §6: the org admin "creates and edits groups; sets privacy levels; deactivates all members". */
export const mayAdministerGroup = (c: TCaller) => c === 'admin';
/** 002 §2.9: "group lists by managers of that group (setting for groups) or org admins" (the setting is on). */
export const maySetGroupList = (c: TCaller) => coachLike(c);

/** Issue 41 item 10: "Admins and coaches can invite speakers (students) to a group" (bulk invites), coaches only to theirs. */
export const mayInviteSpeakers = (c: TCaller) => coachLike(c);

/** 000 §2.11: "Only org admins may enter" the admin area (users, roles, invites). */
export const mayUseAdminArea = (c: TCaller) => c === 'admin';

/**
 * 002 §2.2 / 001 §6: "3 or more counts reflect only shared recordings" (the ones the coach may
 * see: shared or submitted). Below 3 every recording counts.
 */
export function countedForCoach(lv: TLevels, rec: TRecFlags): boolean {
  return lv.coach < 3 || rec.shared || rec.submitted;
}

/** 001 §2 and §6: "Speakers see their own recordings; coaches pick a member" in history. */
export function historyRule(caller: TCaller): { visible: boolean; allowed: boolean } {
  return { visible: sameOrg(caller), allowed: caller === 'owner' || coachLike(caller) };
}

/**
 * Issue 20 ("where privacy levels allow, the group's median as a reference line"): the history's
 * owner sees their group's median where speakers share with peers (000 §6: levels 1-3; 0 and 4
 * disable sharing); a coach (or the admin) where coaches see scores (coach level above 0).
 * Never another speaker's value: with fewer than 3 other speakers there is no median at all.
 */
export function groupMedianShown(caller: TCaller, lv: TLevels): boolean {
  if (caller === 'owner') return lv.speaker >= 1 && lv.speaker <= 3;
  return coachLike(caller) && lv.coach > 0;
}

/** Recording actions (rename, delete, speaker claim) are the owner's: 002 §2.4-2.5 My Library. */
export function recordingMutationRule(caller: TCaller, lv: TLevels, rec: TRecFlags) {
  return { visible: recordingView(caller, lv, rec) !== 'hidden', allowed: caller === 'owner' };
}

/** Issue 20: "Download ... allowed to whoever may hear the recording (same rule as the results page)". */
export function exportRule(caller: TCaller, lv: TLevels, rec: TRecFlags) {
  const view = recordingView(caller, lv, rec);
  return { visible: view !== 'hidden', allowed: view === 'full' };
}

/** Issue 20: "The OWNER of the recording only may create ..., list and revoke links for their recording". */
export const shareLinkRule: typeof recordingMutationRule = (...args) => recordingMutationRule(...args);

/**
 * Re-analysing with the current wordspotting list (issue text, 002 section 2.9 SILENT on who):
 * "offered to its owner and coaches": the owner, and a coach (or org admin) who may hear it.
 */
export function reanalyzeRule(caller: TCaller, lv: TLevels, rec: TRecFlags) {
  const view = recordingView(caller, lv, rec);
  return { visible: view !== 'hidden', allowed: caller === 'owner' || (coachLike(caller) && view === 'full') };
}

/**
 * Editing or deleting a feedback item or scorecard answers: 001 §5 "Only the author can edit
 * or delete their feedback". SILENT: the author must still be able to give feedback there
 * (hear the recording, speaker level above 0); otherwise 403 when the recording is still
 * visible to them. A non-author who cannot see the item gets 404, like any hidden resource.
 */
export function feedbackMutationRule(caller: TCaller, lv: TLevels, rec: TRecFlags, author: TAuthor) {
  if (caller === author) {
    return { visible: recordingView(caller, lv, rec) !== 'hidden', allowed: mayComment(caller, lv, rec) };
  }
  return { visible: feedbackVisible(caller, lv, rec, author), allowed: false };
}

/** POST feedback / POST scorecards/{id}/responses on a recording. */
export function feedbackCreateRule(caller: TCaller, lv: TLevels, rec: TRecFlags, kind: 'comment' | 'score', coachOnly = false) {
  return {
    visible: recordingView(caller, lv, rec) !== 'hidden',
    allowed: kind === 'comment' ? mayComment(caller, lv, rec) : mayScore(caller, lv, rec, coachOnly),
  };
}

/**
 * Move to Assignment (001 §4-5, 002 §4): the owner moves their own recording into an open
 * assignment of a group they speak in, only when Assignments is on. Statuses follow
 * docs/api/assignments-and-dashboards.md: Assignments off or not a speaker of the group 403, not the owner 404.
 */
export function moveToAssignmentStatus(caller: TCaller, lv: TLevels, assignmentHidden = false): number {
  if (!sameOrg(caller)) return statusFor(caller, { visible: false, allowed: false });
  if (!assignmentsOnFor(lv)) return 403;
  // An assignment of a group the caller is no member of is not found (a 403 would confirm that
  // it exists); the org admin sees every group's and is refused.
  if (assignmentHidden) return caller === 'admin' ? 403 : 404;
  if (caller !== 'owner' && caller !== 'peer') return 403;
  return caller === 'owner' ? 200 : 404;
}

/**
 * Taking a recording out of an assignment: the group's coaches and org admins (docs/api/assignments-and-dashboards.md;
 * the spec has no such action for speakers: moving is irreversible for them, 002 §4).
 * SILENT: a coach needs to see the recording (a 404 otherwise); seeing it listed is enough,
 * and the Assignments setting does not matter (taking out only narrows who sees it).
 */
export function removeFromAssignmentRule(caller: TCaller, lv: TLevels, rec: TRecFlags, assignmentHidden = false) {
  // As for moving in: an assignment of a group the caller is no member of is not found.
  if (assignmentHidden && caller !== 'admin') return { visible: false, allowed: false };
  if (!coachLike(caller)) return { visible: sameOrg(caller), allowed: false };
  return { visible: recordingView(caller, lv, rec) !== 'hidden', allowed: true };
}

/**
 * A resumable upload belongs to the owner of the recording waiting for its file: nobody else
 * may see or touch it, whatever the privacy levels (there is nothing to hear yet). tus answers
 * the owner's PATCH and DELETE with 204.
 */
export function uploadStatus(caller: TCaller): number {
  return caller === 'owner' ? 204 : statusFor(caller, { visible: false, allowed: false });
}

// ---- assignments (002 sections 2.2-2.8, 4 and 6) -----------------------------------------------

/**
 * Every assignment call needs the organisation's Assignments setting (002 section 1: the
 * feature is per organisation). SILENT on the status: docs/api/assignments-and-dashboards.md answers 403
 * `assignment.disabled` to the organisation's own callers; another organisation's ids stay 404
 * (the foreign organisation has Assignments on) and no key is 401.
 */
export function assignmentStatus(caller: TCaller, lv: TLevels, rule: { visible: boolean; allowed: boolean; conflict?: boolean }): number {
  if (caller === 'anonymous') return 401;
  if (caller === 'foreignAdmin') return 404;
  if (!assignmentsOnFor(lv)) return 403;
  if (!rule.visible) return 404;
  if (!rule.allowed) return 403;
  return rule.conflict ? 409 : 200;
}

/** The kinds of assignment a matrix cell acts on (the coach owns every one but the global template). */
export type TAssignmentKind = 'assigned' | 'archived' | 'privateTemplate' | 'sharedTemplate' | 'global';

/**
 * Who sees an assignment. Assigned ones (002 section 2.6): the speakers it is for (the main
 * group's continuous target: owner and peer) and the group's managers ("group managers see the
 * coach dashboard", section 6); the org admin as a coach of every group (see coachLike).
 * Templates: SILENT beyond section 6's "template sharing (public/private) only for the
 * template's owner": a private template is its owner's alone (the org admin included, as
 * docs/decisions/assignments.md decides), a shared one is seen by the organisation's coaches and admins,
 * never by speakers (the templates view is on the coach dashboard). Global templates are seen by
 * every organisation's coaches and admins (they are product content), the foreign admin too.
 */
export function assignmentVisible(caller: TCaller, kind: TAssignmentKind): boolean {
  if (caller === 'anonymous') return false;
  switch (kind) {
    case 'assigned':
    case 'archived':
      return sameOrg(caller);
    case 'privateTemplate':
      return caller === 'coach';
    case 'sharedTemplate':
      return coachLike(caller);
    case 'global':
      return coachLike(caller) || caller === 'foreignAdmin';
  }
}

/**
 * The coach actions of 002 section 2.6/4 (Edit, Archive/Restore, Copy, attachments): a coach of
 * the assignment's group or the org admin; a speaker who sees it is refused (403). Section 6:
 * editing, deleting, archiving and copying "only when the assignment is not global" (403).
 * Archived assignments are not edited until restored (docs/decisions/assignments.md: 409 `assignment.closed`).
 */
export function assignmentEditRule(caller: TCaller, kind: TAssignmentKind) {
  return {
    visible: assignmentVisible(caller, kind) && sameOrg(caller),
    allowed: coachLike(caller) && kind !== 'global',
    conflict: kind === 'archived',
  };
}

/** The status of a global-template refusal: the foreign admin sees it too, so 403 even for them. */
export function globalAwareStatus(
  caller: TCaller,
  lv: TLevels,
  kind: TAssignmentKind,
  rule: { visible: boolean; allowed: boolean; conflict?: boolean },
) {
  if (kind === 'global' && caller === 'foreignAdmin') return 403;
  return assignmentStatus(caller, lv, rule);
}

/**
 * Make Public/Private: "only for the template's owner" (002 section 6); others who see the
 * template are refused (403).
 */
export function templateSharingRule(caller: TCaller, kind: TAssignmentKind) {
  return { visible: assignmentVisible(caller, kind) && sameOrg(caller), allowed: caller === 'coach' && kind !== 'global' };
}

/**
 * Delete: templates only (002 section 4 "Delete (templates)"), not global (section 6). SILENT on
 * who: the owner and the org admin (docs/decisions/assignments.md), not another coach who sees a shared one.
 */
export function templateDeleteRule(caller: TCaller, kind: TAssignmentKind) {
  return {
    visible: assignmentVisible(caller, kind) && sameOrg(caller),
    allowed: (caller === 'coach' || caller === 'admin') && kind !== 'global',
  };
}

/**
 * Copy as Template / Copy Template (002 section 2.6, 4): a coach action, "only when the
 * assignment is not global" (section 6). Whoever may see a shared template may copy it.
 */
export function assignmentCopyRule(caller: TCaller, kind: TAssignmentKind) {
  return { visible: assignmentVisible(caller, kind) && sameOrg(caller), allowed: coachLike(caller) && kind !== 'global' };
}

/**
 * Assign This (templates, global ones included: 002 section 2.6; section 6 does not forbid it).
 * The assign step targets groups the caller manages (section 6: group managers). SILENT: the org
 * admin, no member of the scratch group, may assign into any group of the organisation
 * (coachLike).
 */
export function assignTemplateRule(caller: TCaller, kind: TAssignmentKind) {
  return { visible: assignmentVisible(caller, kind) && sameOrg(caller), allowed: coachLike(caller) };
}

/**
 * The scorecard is edited on templates (002 section 2.7 step 4; not for global ones); an
 * assigned assignment's criteria are locked (docs/decisions/assignments.md: 409 `assignment.criteria_locked`
 * for whoever may edit it, 403 for a speaker).
 */
export function scorecardSaveRule(caller: TCaller, kind: TAssignmentKind) {
  if (kind === 'assigned') return { visible: sameOrg(caller), allowed: coachLike(caller), conflict: true };
  return {
    visible: assignmentVisible(caller, kind) && sameOrg(caller),
    allowed: (caller === 'coach' || caller === 'admin') && kind !== 'global',
  };
}

/**
 * The member table of an assignment (002 section 6): "a speaker always sees their own row;
 * managers see all; at level 3 others appear only if they have recordings ...; at level 4 peers
 * are hidden". Levels 1 and 2 show everyone. Returns whether `member`'s row is listed.
 */
export function memberRowVisible(caller: TCaller, lv: TLevels, member: TAuthor, memberHasRecordings: boolean): boolean {
  if (coachLike(caller)) return true;
  if (member === caller) return true;
  if (lv.speaker === 4 || lv.speaker === 0) return false;
  if (lv.speaker === 3) return memberHasRecordings;
  return true;
}

/** Reorder Assignments: "group managers see ... reorder ... for their own groups" (002 section 6); the org admin as a coach. */
export const mayReorder = (c: TCaller) => coachLike(c);
