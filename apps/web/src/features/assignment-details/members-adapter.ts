import { COMPLETION_CRITERIA, type TAssignmentMembers } from '@rostrum/contract';
import type { TCriteriaMet } from './assignment-info';
import { memberRecordingRow } from './member-recordings';
import type { TMemberColumns, TMemberRow } from './member-table';

/**
 * GET assignments/{id}/members as the table renders it: the server has already cut the rows and
 * columns to what the caller may see (view, hiddenColumns, each row's rating columns); this only
 * renames and counts.
 */
/** The caller's own criteria ticks from the member table, or null when they are not a member. */
export function myCriteriaMet(data: TAssignmentMembers): TCriteriaMet | null {
  return toMemberTable(data).rows.find((r) => r.isMe)?.met ?? null;
}

export function toMemberTable(data: TAssignmentMembers): { rows: TMemberRow[]; columns: TMemberColumns; noActiveUsers: boolean } {
  const hidden = new Set(data.hiddenColumns);
  const columns: TMemberColumns = {
    coach: data.view.variant === 'coach',
    recordingsColumn: !hidden.has('recordings'),
    flaggedOrShared: !hidden.has('flagged') ? 'flagged' : !hidden.has('shared') ? 'shared' : null,
    filter: data.view.flaggedFilter,
  };
  const rows = data.members.map((m): TMemberRow => {
    const met: TCriteriaMet = {};
    for (const c of COMPLETION_CRITERIA) {
      const v = m.completionStatus[c];
      if (v !== null) met[c] = v;
    }
    return {
      userId: m.userId,
      name: m.name,
      firstName: m.firstName,
      lastName: m.lastName,
      isMe: m.isMe,
      status: m.completionStatus.status,
      overdue: m.overdue,
      lastUpload: m.lastUpload,
      recordingsCount: m.recordingsCount ?? m.recordings.length,
      flaggedCount: m.submittedCount ?? m.recordings.filter((r) => r.submitted).length,
      sharedCount: m.sharedCount ?? m.recordings.filter((r) => r.feedbackRequested).length,
      commentCount: m.feedbackCount,
      met,
      ratingColumn: m.ratingColumn,
      showCoachRating: m.showCoachRating,
      recordings: m.recordings.map((r) => memberRecordingRow(r, m.ratingColumn)),
    };
  });
  return { rows, columns, noActiveUsers: data.noActiveUsers };
}
