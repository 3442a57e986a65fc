import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/rostrum-api';
import { withId } from '../../api/http-client';
import { operations } from '../../api/operations.gen';

/** A group's assignments, for its coaches (also the reorder page's list). */
export const listGroupAssignments = (groupId: string) => operations.listAssignments({ params: { query: { scope: 'group', groupId } } });

/** The selected group's stats. */
export function useCoachDashboard(groupId: string) {
  return useQuery({ queryKey: queryKeys.coachDashboard(groupId), queryFn: () => operations.getCoachDashboard(withId(groupId)) });
}

/** A member's assignments in the group (an expanded row). */
export function useMemberAssignments(groupId: string, userId: string) {
  return useQuery({
    queryKey: queryKeys.memberAssignments(groupId, userId),
    queryFn: () => operations.getMemberAssignments({ params: { path: { id: groupId, userId } } }),
  });
}

/** The group's assignments, for its coaches. */
export function useGroupAssignments(groupId: string) {
  return useQuery({ queryKey: queryKeys.groupAssignments(groupId), queryFn: () => listGroupAssignments(groupId) });
}

/** Templates the caller may use: their own, the organisation's shared ones and the global ones. */
export function useAssignmentTemplates() {
  return useQuery({
    queryKey: queryKeys.assignmentTemplates,
    queryFn: () => operations.listAssignments({ params: { query: { scope: 'templates' } } }),
  });
}
