import { useMemo } from 'react';
import type { TViewer } from '../../app/viewer';
import { usePracticePrompts } from '../practice/practice.queries';
import type { TIntakeData } from './intake-options';
import { useAssignedAssignments, useOwnRecordings } from './intake.queries';

/**
 * With Assignments on, the caller's open assignments and own recordings load before the page
 * shows (001 section 2): the chooser lists the assignments, and the default title numbers the
 * caller's recordings already in the chosen one. A practice prompt asked for (?promptId=), or
 * another take of a recording (?again=), loads with the caller's recordings too: the default
 * title numbers the takes of it. The record page and the Zoom import use it.
 */
export function useIntakeData(
  viewer: TViewer,
  preselectId: string | null,
  takeOf: { promptId?: string | null; againId?: string | null } = {},
): { data: TIntakeData; pending: boolean } {
  const { promptId = null, againId = null } = takeOf;
  const on = viewer.assignmentsOn && viewer.speaker;
  const practising = (!!promptId || !!againId) && viewer.speaker;
  const assigned = useAssignedAssignments(on);
  const own = useOwnRecordings(on || practising);
  const prompts = usePracticePrompts(practising && !!promptId);
  const prompt = (promptId && prompts.data?.prompts.find((p) => p.promptId === promptId)) || null;
  const again = (againId && own.data?.find((r) => r.recordingId === againId)) || null;
  const data = useMemo<TIntakeData>(
    () => ({
      assignments: on ? (assigned.data ?? []) : [],
      recordings: on || practising ? (own.data ?? []) : [],
      preselectId: on ? preselectId : null,
      prompt,
      again,
    }),
    [on, practising, assigned.data, own.data, preselectId, prompt, again],
  );
  const pending = (on && assigned.isPending) || ((on || practising) && own.isPending) || (!!promptId && prompts.isPending);
  return { data, pending };
}
