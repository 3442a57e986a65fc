import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '../../api/rostrum-api';
import type { TViewer } from '../../app/viewer';
import { NO_INTAKE_DATA, type TIntakeData } from './intake-options';

/**
 * With Assignments on, the caller's open assignments and own recordings load before the page
 * shows (001 section 2): the chooser lists the assignments, and the default title numbers the
 * caller's recordings already in the chosen one. The record page and the Zoom import use it.
 */
export function useIntakeData(viewer: TViewer, preselectId: string | null): { data: TIntakeData; pending: boolean } {
  const on = viewer.assignmentsOn && viewer.speaker;
  const assigned = useQuery({ queryKey: queryKeys.assignedAssignments, queryFn: api.getAssignedAssignments, enabled: on });
  const own = useQuery({ queryKey: queryKeys.recordings, queryFn: api.getRecordings, enabled: on });
  const data = useMemo<TIntakeData>(
    () => (on ? { assignments: assigned.data ?? [], recordings: own.data ?? [], preselectId } : NO_INTAKE_DATA),
    [on, assigned.data, own.data, preselectId],
  );
  return { data, pending: on && (assigned.isPending || own.isPending) };
}
