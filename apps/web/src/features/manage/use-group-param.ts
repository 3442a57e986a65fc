import { useSearchParams } from 'react-router';

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
