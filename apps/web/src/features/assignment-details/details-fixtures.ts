import type { TAssignment } from '@rostrum/contract';
import { assignmentAbilities, assignmentCounts } from '../../test/fixtures';

// Test data for the details page's tests: an assigned single-speaker assignment a speaker may record into.

export const ID = '3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

export function assignment(over: Partial<TAssignment> = {}): TAssignment {
  return {
    assignmentId: ID,
    name: 'Elevator Pitch',
    description: 'Pitch your idea in 60 seconds.',
    isTemplate: false,
    isShared: false,
    isGlobal: false,
    archived: false,
    deleted: false,
    deactivated: false,
    continuous: true,
    userId: null,
    ownerName: 'Morgan Mentor',
    groupId: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
    groupName: 'Pitch Practice',
    assignmentTemplateId: null,
    sortOrder: null,
    criteria: {
      algorithm: 'default',
      minRecordings: true,
      minRecordingsCount: 2,
      minRating: false,
      minScore: false,
      managerReview: true,
      shareRecording: false,
      selfCommentary: false,
      wordspotting: false,
      scorecard: false,
    },
    userTargets: [],
    groupTargets: [],
    attachments: [
      {
        id: '6b7c8d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e',
        name: 'Pitch guide',
        attachmentType: 'link',
        attachmentUrl: 'https://example.com/guide',
        recordingId: null,
      },
      {
        id: '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
        name: 'Model pitch',
        attachmentType: 'recording',
        attachmentUrl: null,
        recordingId: '8d9e0f1a-2b3c-4d4e-8f5a-6b7c8d9e0f1a',
      },
    ],
    scorecard: null,
    wordspotting: [],
    createdDate: '2026-11-01T10:00:00.000Z',
    myUserTarget: null,
    completionStatus: null,
    dueAt: null,
    overdue: false,
    counts: assignmentCounts(),
    abilities: assignmentAbilities({ canSubmit: true }),
    ...over,
  };
}
