import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PSEUDO_GROUP_ID, type TGroup } from '@rostrum/contract';
import { api, queryKeys } from '../../api/rostrum-api';
import type { TViewer } from '../../app/viewer';

/**
 * The group chosen in a manage tab, kept in the address (?group=) so Back from a recording returns
 * to it; the first group when none (or an unknown one) is chosen.
 */
export function useGroupParam<T extends { groupId: string }>(groups: T[]): [T | undefined, (groupId: string) => void] {
  const [params, setParams] = useSearchParams();
  const selected = groups.find((g) => g.groupId === params.get('group')) ?? groups[0];
  const select = (groupId: string) =>
    setParams(
      (p) => {
        p.set('group', groupId);
        return p;
      },
      { replace: true },
    );
  return [selected, select];
}

/**
 * The groups a coach picks from (My Groups, the coach dashboard), by the server's group
 * abilities: every group of the organisation for org admins, the groups they coach for others;
 * and the chosen one (useGroupParam).
 */
export function useCoachGroups(viewer: TViewer) {
  const allGroups = viewer.canAdministerOrg;
  const groups = useQuery<TGroup[]>({
    queryKey: allGroups ? queryKeys.orgGroups : queryKeys.myGroups,
    queryFn: allGroups ? api.getOrgGroups : api.getMyGroups,
  });
  const managed = (groups.data ?? []).filter(
    (g) => g.groupId !== PSEUDO_GROUP_ID && (allGroups ? g.abilities.canManageMembers : g.abilities.canCoach),
  );
  const [selected, select] = useGroupParam(managed);
  return { groups, managed, selected, select };
}
