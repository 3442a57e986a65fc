import type { TAssignment } from '@rostrum/contract';
import { call, client } from '../../api/http-client';

// The coach dashboard's and the reorder page's assignment calls (002 sections 2.2 and 2.3), kept with
// the feature: GET assignments by scope and PUT groups/{id}/assignments/order.

export const assignmentsApi = {
  /** A group's assignments, for its coaches. */
  listGroup: (groupId: string): Promise<TAssignment[]> =>
    call('GET', () => client.GET('/api/v1/assignments', { params: { query: { scope: 'group', groupId } } })),
  /** Templates the caller may use: their own, the organisation's shared ones and the global ones. */
  listTemplates: (): Promise<TAssignment[]> =>
    call('GET', () => client.GET('/api/v1/assignments', { params: { query: { scope: 'templates' } } })),
  /** The reorder page's Save: each assignment's new position. */
  reorder: (groupId: string, assignments: { assignmentId: string; sortOrder: number }[]): Promise<TAssignment[]> =>
    call('PUT', () => client.PUT('/api/v1/groups/{id}/assignments/order', { params: { path: { id: groupId } }, body: { assignments } })),
};
