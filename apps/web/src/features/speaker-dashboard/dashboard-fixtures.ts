import type { TLibraryRecording, TSpeakerAssignmentCard, TSpeakerDashboard } from '@rostrum/contract';

// Test data for the speaker dashboard: two groups' assignment cards and library rows.

export const G1 = '0b6e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
export const G2 = '1b6e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const USER = '2b6e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';

let n = 0;
const uuid = () => `3b6e2f4a-1c3d-4e5f-8a9b-${String(++n).padStart(12, '0')}`;

export function card(over: Partial<TSpeakerAssignmentCard> = {}): TSpeakerAssignmentCard {
  return {
    assignmentId: uuid(),
    name: 'Persuasive pitch',
    description: 'Two minutes to convince us.',
    archived: false,
    deleted: false,
    createdDate: new Date().toISOString(),
    sortOrder: null,
    status: 'inProgress',
    dueAt: null,
    overdue: false,
    algorithm: 'rostrum-default',
    counts: { myRecordings: 2, comments: 3, peerRecordings: 4 },
    abilities: { canSubmit: true },
    ...over,
  };
}

export function dashboard(groups: TSpeakerDashboard['groups']): TSpeakerDashboard {
  return { stats: { activeAssignments: 1, totalRecordings: 5, totalComments: 7, recordingsFlagged: 2 }, groups };
}

export function libraryRow(over: Partial<TLibraryRecording> = {}): TLibraryRecording {
  return {
    recordingId: uuid(),
    userId: USER,
    groupId: G1,
    groupName: 'Debate Club',
    title: 'Recording',
    createdDate: '2026-11-01T10:00:00.000Z',
    fileName: null,
    duration: 60,
    isVideo: false,
    uploading: false,
    processing: false,
    failed: false,
    failedCode: null,
    failedReason: null,
    feedbackRequested: false,
    submitted: false,
    numSpeakers: 1,
    assignmentId: null,
    practicePromptId: null,
    userFirstName: 'Sam',
    userLastName: 'Speaker',
    overallScore: 7,
    abilities: {
      canHear: true,
      canShare: true,
      canFlag: true,
      canFlagOnResults: true,
      canSubmitToCoach: true,
      canSubmit: false,
      canRename: true,
      canDelete: true,
      canComment: true,
      canScore: false,
      canExport: true,
      canShareLink: false,
    },
    assignmentName: null,
    numComments: 0,
    scoreOverallAvgRating: null,
    numRatings: 0,
    scoreOverallAvgRatingCoach: null,
    numCoachRatings: 0,
    playbackUrl: 'https://media.example/a.m4a',
    ...over,
  };
}
