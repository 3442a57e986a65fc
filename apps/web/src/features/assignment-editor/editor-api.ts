import type { TAssignBody, TAssignment, TCreateAssignmentBody, TSaveScorecardBody, TUpdateAssignmentBody } from '@rostrum/contract';
import { call, client } from '../../api/http-client';

// The editor's calls (002 section 7; paths in the contract's assignment-api.ts header). Typed by
// the server's OpenAPI document like the shared client; kept beside the feature that uses them.

const path = (id: string) => ({ params: { path: { id } } });

export const editorApi = {
  getAssignment: (assignmentId: string): Promise<TAssignment> =>
    call('GET', () => client.GET('/api/v1/assignments/{id}', path(assignmentId))),
  /** Step 1 of /assignments/create: a new template. */
  createAssignment: (body: TCreateAssignmentBody): Promise<TAssignment> => call('POST', () => client.POST('/api/v1/assignments', { body })),
  /** A PATCH clears the notification like a PUT (000 section 7). */
  updateAssignment: (assignmentId: string, body: TUpdateAssignmentBody): Promise<TAssignment> =>
    call('PUT', () => client.PATCH('/api/v1/assignments/{id}', { ...path(assignmentId), body })),
  saveScorecard: (assignmentId: string, body: TSaveScorecardBody): Promise<TAssignment> =>
    call('PUT', () => client.PUT('/api/v1/assignments/{id}/scorecard', { ...path(assignmentId), body })),
  addLink: (assignmentId: string, name: string, attachmentUrl: string): Promise<TAssignment> =>
    call('POST', () =>
      client.POST('/api/v1/assignments/{id}/attachments', { ...path(assignmentId), body: { attachmentType: 'link', name, attachmentUrl } }),
    ),
  addRecording: (assignmentId: string, name: string, recordingId: string): Promise<TAssignment> =>
    call('POST', () =>
      client.POST('/api/v1/assignments/{id}/attachments', {
        ...path(assignmentId),
        body: { attachmentType: 'recording', name, recordingId },
      }),
    ),
  deleteAttachment: (assignmentId: string, attachmentId: string): Promise<TAssignment> =>
    call('DELETE', () =>
      client.DELETE('/api/v1/assignments/{id}/attachments/{attachmentId}', { params: { path: { id: assignmentId, attachmentId } } }),
    ),
  assign: (
    assignmentId: string,
    body: TAssignBody,
  ): Promise<{ assignments: { assignmentId: string; groupId: string; groupName: string }[] }> =>
    call('POST', () => client.POST('/api/v1/assignments/{id}/assign', { ...path(assignmentId), body })),
};
