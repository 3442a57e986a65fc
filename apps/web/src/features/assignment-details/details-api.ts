import type { TAssignment, TAssignmentMembers, TGroupSharedRecordings, TUpdateAssignmentBody } from '@rostrum/contract';
import { call, client } from '../../api/http-client';
import { queryKeys } from '../../api/rostrum-api';

// The details page's calls (contract assignment-api.ts header): the assignment, its actions, the
// member table and the speaker's shared recordings. Typed by the server's OpenAPI document.

const path = (assignmentId: string) => ({ params: { path: { id: assignmentId } } });

export const detailsApi = {
  getAssignment: (assignmentId: string): Promise<TAssignment> =>
    call('GET', () => client.GET('/api/v1/assignments/{id}', path(assignmentId))),
  updateAssignment: (assignmentId: string, body: TUpdateAssignmentBody): Promise<TAssignment> =>
    call('PATCH', () => client.PATCH('/api/v1/assignments/{id}', { ...path(assignmentId), body })),
  deleteAssignment: (assignmentId: string) => call('DELETE', () => client.DELETE('/api/v1/assignments/{id}', path(assignmentId))),
  copyAssignment: (assignmentId: string): Promise<TAssignment> =>
    call('POST', () => client.POST('/api/v1/assignments/{id}/copy', path(assignmentId))),
  /** The member table, cut by the server to what the caller may see. */
  getMembers: (assignmentId: string): Promise<TAssignmentMembers> =>
    call('GET', () => client.GET('/api/v1/assignments/{id}/members', path(assignmentId))),
  /** What the caller's peers shared with the group in this assignment (002 section 2.8). */
  getSharedRecordings: (assignmentId: string): Promise<TGroupSharedRecordings> =>
    call('GET', () => client.GET('/api/v1/assignments/{id}/shared-recordings', path(assignmentId))),
};

/** The page's keys, as queryKeys names them (the tests seed the cache with them). */
export const detailsKeys = { assignment: queryKeys.assignment, members: queryKeys.assignmentMembers };
