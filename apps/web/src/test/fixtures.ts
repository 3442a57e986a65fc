import type { TAssignmentAbilities, TAssignmentCounts, TGroupMemberAbilities, TViewerAbilities } from '@rostrum/contract';

// Builders for the abilities objects the server sends, for web tests: everything false (nothing
// allowed) unless the test says otherwise, so a test names only the abilities it is about.

export function assignmentAbilities(over: Partial<TAssignmentAbilities> = {}): TAssignmentAbilities {
  return {
    canEdit: false,
    canEditCriteria: false,
    canDelete: false,
    canArchive: false,
    canCopy: false,
    canAssign: false,
    canToggleContinuous: false,
    canToggleShared: false,
    canDownloadReport: false,
    canSeeMembers: false,
    canSubmit: false,
    ...over,
  };
}

/** The signed-in user's abilities; hasActiveGroups is true (a member of some group) unless given. */
export function viewerAbilities(over: Partial<TViewerAbilities> = {}): TViewerAbilities {
  return {
    canAdministerOrg: false,
    canCreateGroups: false,
    canCoach: false,
    canRecord: false,
    canSwitchMode: false,
    hasActiveGroups: true,
    canCustomiseWordspotting: false,
    ...over,
  };
}

export function groupMemberAbilities(over: Partial<TGroupMemberAbilities> = {}): TGroupMemberAbilities {
  return { canReview: false, canChangeRoles: false, canAssign: false, ...over };
}

/** An assignment's counts, all zero unless given. */
export function assignmentCounts(over: Partial<TAssignmentCounts> = {}): TAssignmentCounts {
  return {
    assignedCount: 0,
    notStartedCount: 0,
    inProgressCount: 0,
    completedCount: 0,
    recordingsCount: 0,
    forReviewCount: 0,
    feedbackCount: 0,
    overdueCount: 0,
    ...over,
  };
}
