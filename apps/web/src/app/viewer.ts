import { createContext, useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import { resolveMode, vocabulary, type TMeResponse, type TMode, type TViewerAbilities, type TVocabulary } from '@rostrum/contract';
import { meQuery } from '../api/rostrum-api';
import { useSession } from './session-store';

/**
 * Everything the shell and pages derive from GET me. The abilities are the server's (GET me
 * `abilities`); the contract's rules (mode, landing, navigation) take them, and no role is compared here.
 */
export interface TViewer {
  me: TMeResponse;
  user: TMeResponse['user'];
  org: TMeResponse['org'];
  groups: TMeResponse['groups'];
  facts: TViewerAbilities;
  mode: TMode;
  vocab: TVocabulary;
  assignmentsOn: boolean;
  canAdministerOrg: boolean;
  canCreateGroups: boolean;
  manager: boolean;
  speaker: boolean;
  canSwitch: boolean;
  freeTrial: boolean;
}

/** The viewer's abilities, as the server decided them. */
export function roleFacts(me: TMeResponse): TViewerAbilities {
  return me.abilities;
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
    canAdministerOrg: facts.canAdministerOrg,
    canCreateGroups: facts.canCreateGroups,
    manager: facts.canCoach,
    speaker: facts.canRecord,
    canSwitch: facts.canSwitchMode,
    freeTrial: !!me.user.metadata.freeTrial,
  };
}

/** GET me for the signed-in user (disabled while signed out). */
export function useMe() {
  const session = useSession();
  return useQuery({ ...meQuery, enabled: !!session });
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
