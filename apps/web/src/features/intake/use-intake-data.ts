import { useMemo } from 'react';
import type { TViewer } from '../../app/viewer';
import { NO_INTAKE_DATA, type TIntakeData } from './intake-options';
import { useAssignedAssignments, useOwnRecordings } from './intake.queries';

/**
 * With Assignments on, the caller's open assignments and own recordings load before the page
 * shows (001 section 2): the chooser lists the assignments, and the default title numbers the
 * caller's recordings already in the chosen one. The record page and the Zoom import use it.
 */
export function useIntakeData(viewer: TViewer, preselectId: string | null): { data: TIntakeData; pending: boolean } {
  const on = viewer.assignmentsOn && viewer.speaker;
  const assigned = useAssignedAssignments(on);
  const own = useOwnRecordings(on);
  const data = useMemo<TIntakeData>(
    () => (on ? { assignments: assigned.data ?? [], recordings: own.data ?? [], preselectId } : NO_INTAKE_DATA),
    [on, assigned.data, own.data, preselectId],
  );
  return { data, pending: on && (assigned.isPending || own.isPending) };
}
