import type {
  TAssignment,
  TAssignmentMemberRecording,
  TCoachDashboard,
  TGroup,
  TMeResponse,
  TMemberAssignmentRow,
  TPreferences,
} from '@rostrum/contract';
import { assignmentAbilities, assignmentCounts, viewerAbilities } from '../../test/fixtures';
import { assignment } from '../assignment-details/details-fixtures';

// Test data for the coach dashboard: one group with two speakers, two assignments and two templates.

export const GROUP_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
export const AVA = '1a1b1c1d-1e1f-4a1b-8c1d-1e1f1a1b1c1d';
export const BEN = '2a2b2c2d-2e2f-4a2b-8c2d-2e2f2a2b2c2d';
const A1 = '3a3b3c3d-3e3f-4a3b-8c3d-3e3f3a3b3c3d';
const A2 = '4a4b4c4d-4e4f-4a4b-8c4d-4e4f4a4b4c4d';

export function me(
  preferences: TPreferences = {},
  over: { orgType?: 'edu' | 'other'; canCreateGroups?: boolean; canCustomiseWordspotting?: boolean } = {},
): TMeResponse {
  return {
    user: { userId: AVA, preferences, metadata: {} },
    org: {
      name: 'Summit',
      type: over.orgType ?? 'other',
      settings: { Assignments: true },
      hasPerpetualFreeDuration: true,
      timeZone: 'UTC',
    },
    groups: [],
    abilities: viewerAbilities({
      canCoach: true,
      canCreateGroups: over.canCreateGroups ?? false,
      canCustomiseWordspotting: over.canCustomiseWordspotting ?? false,
    }),
    landing: { route: 'manage' },
  } as unknown as TMeResponse;
}

export function group(over: Partial<TGroup> = {}): TGroup {
  return {
    groupId: GROUP_ID,
    name: 'Pitch Practice',
    inviteCode: 'PITCH42',
    inviteLink: 'https://rostrum.example/join?code=PITCH42',
    managerPrivacyLevel: 1,
    speakerPrivacyLevel: 1,
    abilities: { canCoach: true, canManageMembers: true, canDownloadReport: false },
    ...over,
  } as unknown as TGroup;
}

export function groupAssignments(): TAssignment[] {
  return [
    assignment({
      assignmentId: A1,
      name: 'A very long assignment name that is cut',
      continuous: false,
      counts: assignmentCounts({
        assignedCount: 2,
        notStartedCount: 1,
        inProgressCount: 1,
        recordingsCount: 3,
        forReviewCount: 2,
        feedbackCount: 4,
      }),
      abilities: assignmentAbilities({ canDownloadReport: true }),
    }),
    assignment({
      assignmentId: A2,
      name: 'Storytelling',
      continuous: false,
      createdDate: '2020-01-01T10:00:00.000Z',
      counts: assignmentCounts({ assignedCount: 2, completedCount: 2 }),
    }),
  ];
}

export function templates(): TAssignment[] {
  return [
    assignment({ assignmentId: A1, name: 'Shared template', isTemplate: true, isShared: true, groupId: null }),
    assignment({ assignmentId: A2, name: 'My private template', isTemplate: true, isShared: false, groupId: null }),
  ];
}

export function dashboard(): TCoachDashboard {
  return {
    groupId: GROUP_ID,
    stats: { activeAssignments: 1, totalRecordings: 7, totalComments: 5, recordingsForReview: 2 },
    members: [
      {
        userId: AVA,
        name: 'Ava Zed',
        firstName: 'Ava',
        lastName: 'Zed',
        joinDate: '2026-09-01T10:00:00.000Z',
        lastUpload: '2026-11-01T10:00:00.000Z',
        totalAssignments: 2,
        activeAssignments: 1,
        recordings: 2,
        flagged: 1,
        comments: 1,
      },
      {
        userId: BEN,
        name: 'Ben Young',
        firstName: 'Ben',
        lastName: 'Young',
        joinDate: '2026-10-01T10:00:00.000Z',
        lastUpload: null,
        totalAssignments: 2,
        activeAssignments: 2,
        recordings: 5,
        flagged: 1,
        comments: 4,
      },
    ],
  };
}

export function recording(over: Partial<TAssignmentMemberRecording> = {}): TAssignmentMemberRecording {
  return {
    recordingId: '6a6b6c6d-6e6f-4a6b-8c6d-6e6f6a6b6c6d',
    title: 'First try',
    createdDate: '2026-11-01T10:00:00.000Z',
    duration: 61,
    isVideo: false,
    processing: false,
    overallScore: 7.4,
    numComments: 0,
    scoreOverallAvgRating: 8,
    numRatings: 1,
    myRating: null,
    scoreOverallAvgRatingCoach: 7.5,
    numCoachRatings: 1,
    submitted: true,
    feedbackRequested: false,
    playbackUrl: '/media/first.mp3',
    abilities: { canHear: true },
    ...over,
  };
}

export function memberAssignment(over: Partial<TMemberAssignmentRow> = {}): TMemberAssignmentRow {
  return {
    assignmentId: A1,
    name: 'Elevator Pitch',
    archived: false,
    deleted: false,
    continuous: false,
    createdDate: '2026-11-01T10:00:00.000Z',
    status: 'inProgress',
    dueAt: null,
    overdue: false,
    lastUpload: '2026-11-01T10:00:00.000Z',
    recordingsCount: 1,
    submittedCount: 1,
    sharedCount: 0,
    feedbackCount: 0,
    ratingColumn: 'average',
    showCoachRating: true,
    recordings: [recording()],
    ...over,
  };
}
