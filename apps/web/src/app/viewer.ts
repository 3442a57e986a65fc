import { createContext, useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  canSwitchMode,
  isManager,
  isSpeaker,
  resolveMode,
  vocabulary,
  type TMeResponse,
  type TMode,
  type TRoleFacts,
  type TVocabulary,
} from '@rostrum/contract';
import { api, queryKeys } from '../api/rostrum-api';
import { useSession } from './session-store';

/** Everything the shell and pages derive from GET me, computed once through the contract's rules. */
export interface TViewer {
  me: TMeResponse;
  user: TMeResponse['user'];
  org: TMeResponse['org'];
  groups: TMeResponse['groups'];
  facts: TRoleFacts;
  mode: TMode;
  vocab: TVocabulary;
  assignmentsOn: boolean;
  isOrgAdmin: boolean;
  isOrgManager: boolean;
  manager: boolean;
  speaker: boolean;
  canSwitch: boolean;
  freeTrial: boolean;
}

export function roleFacts(me: TMeResponse): TRoleFacts {
  return {
    memberships: me.groups.map((g) => ({ roles: g.roles, membershipStatus: g.membershipStatus ?? 'inactive' })),
    isOrgAdmin: me.user.isOrgAdmin || me.org.roles.includes('admin'),
    isOrgManager: me.user.isOrgManager || me.org.roles.includes('manager'),
  };
}

export function buildViewer(me: TMeResponse): TViewer {
  const facts = roleFacts(me);
  return {
    me,
    user: me.user,
    org: me.org,
    groups: me.groups,
    facts,
    mode: resolveMode(facts, me.user.preferences.currentMode),
    vocab: vocabulary(me.org.type),
    assignmentsOn: !!me.org.settings.Assignments,
    isOrgAdmin: facts.isOrgAdmin,
    isOrgManager: facts.isOrgManager,
    manager: isManager(facts),
    speaker: isSpeaker(facts),
    canSwitch: canSwitchMode(facts),
    freeTrial: !!me.user.metadata.freeTrial,
  };
}

/** GET me for the signed-in user (disabled while signed out). */
export function useMe() {
  const session = useSession();
  return useQuery({ queryKey: queryKeys.me, queryFn: api.getMe, enabled: !!session, staleTime: 60_000 });
}

/** The viewer when signed in and loaded, else null. */
export function useViewerOrNull(): TViewer | null {
  const session = useSession();
  const { data } = useMe();
  return session && data ? buildViewer(data) : null;
}

export const ViewerContext = createContext<TViewer | null>(null);

/** The viewer inside guarded routes (the guard provides it once GET me has loaded). */
export function useViewer(): TViewer {
  const v = useContext(ViewerContext);
  if (!v) throw new Error('useViewer outside the route guard');
  return v;
}
