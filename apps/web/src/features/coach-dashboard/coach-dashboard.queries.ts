import { useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '../../api/rostrum-api';
import { assignmentsApi } from './group-assignments-api';

/** The selected group's stats. */
export function useCoachDashboard(groupId: string) {
  return useQuery({ queryKey: queryKeys.coachDashboard(groupId), queryFn: () => api.getCoachDashboard(groupId) });
}

/** A member's assignments in the group (an expanded row). */
export function useMemberAssignments(groupId: string, userId: string) {
  return useQuery({ queryKey: queryKeys.memberAssignments(groupId, userId), queryFn: () => api.getMemberAssignments(groupId, userId) });
}

/** The group's assignments, for its coaches. */
export function useGroupAssignments(groupId: string) {
  return useQuery({ queryKey: queryKeys.groupAssignments(groupId), queryFn: () => assignmentsApi.listGroup(groupId) });
}

/** Templates the caller may use: their own, the organisation's shared ones and the global ones. */
export function useAssignmentTemplates() {
  return useQuery({ queryKey: queryKeys.assignmentTemplates, queryFn: assignmentsApi.listTemplates });
}
