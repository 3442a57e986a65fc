import { useSearchParams } from 'react-router';
import { PSEUDO_GROUP_ID } from '@rostrum/contract';
import type { TViewer } from '../../app/viewer';
import { useCoachGroupList } from './manage.queries';

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
  const groups = useCoachGroupList(allGroups);
  const managed = (groups.data ?? []).filter(
    (g) => g.groupId !== PSEUDO_GROUP_ID && (allGroups ? g.abilities.canManageMembers : g.abilities.canCoach),
  );
  const [selected, select] = useGroupParam(managed);
  return { groups, managed, selected, select };
}
