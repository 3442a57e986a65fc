import type { TSaveWordspottingBody, TWordspottingList, TWordspottingScope, TWordspottingTargets } from '@rostrum/contract';

// The wordspotting wizard (002 section 2.9) as pure rules: apply-to, group, recording type and
// words, skipping a step whose only option is already the answer, numbered as they remain.

export type TWizardStep = 'applyTo' | 'group' | 'recordingType' | 'words';

export interface TWizardChoice {
  scope: TWordspottingScope | null;
  groupId: string | null;
  algorithm: string | null;
  /** Opened by a list's Edit: the list's scope and recording type are fixed, only its words change. */
  editing: boolean;
}

/** The apply-to options the caller has, in the spec's order. */
export function applyToOptions(targets: TWordspottingTargets): TWordspottingScope[] {
  const out: TWordspottingScope[] = [];
  if (targets.org) out.push('org');
  if (targets.groups.length > 0) out.push('group');
  if (targets.user) out.push('user');
  return out;
}

/** Whether the caller may add any list (the "Customise a list" button). */
export const canStartWizard = (targets: TWordspottingTargets) => applyToOptions(targets).length > 0;

/**
 * The choice a new run starts from: a step's single option is taken for the user; a group given
 * in the address (?groupId=, from the coach dashboard) is preselected when it is one of the targets.
 */
export function startChoice(
  targets: TWordspottingTargets,
  algorithms: readonly string[],
  preselectedGroupId?: string | null,
): TWizardChoice {
  const scopes = applyToOptions(targets);
  const preselected = targets.groups.find((g) => g.groupId === preselectedGroupId)?.groupId ?? null;
  const scope = scopes.length === 1 ? scopes[0]! : preselected ? 'group' : null;
  const groupId = targets.groups.length === 1 ? targets.groups[0]!.groupId : preselected;
  return { scope, groupId, algorithm: algorithms.length === 1 ? algorithms[0]! : null, editing: false };
}

/** The choice of a list's Edit: its scope, group and recording type, straight to its words. */
export function editChoice(list: TWordspottingList): TWizardChoice {
  const scope = list.scope === 'default' ? null : list.scope;
  return { scope, groupId: list.scope === 'group' ? list.scopeId : null, algorithm: list.algorithm, editing: true };
}

/** The steps this run has, in order: those with more than one option, then the words. */
export function wizardSteps(targets: TWordspottingTargets, algorithms: readonly string[], choice: TWizardChoice): TWizardStep[] {
  if (choice.editing) return ['words'];
  const steps: TWizardStep[] = [];
  const scopes = applyToOptions(targets);
  if (scopes.length > 1) steps.push('applyTo');
  if (choice.scope === 'group' && targets.groups.length > 1) steps.push('group');
  if (algorithms.length > 1) steps.push('recordingType');
  steps.push('words');
  return steps;
}

/** Whether the step has its answer (its Next is enabled). */
export function stepAnswered(step: TWizardStep, choice: TWizardChoice): boolean {
  switch (step) {
    case 'applyTo':
      return choice.scope !== null;
    case 'group':
      return choice.groupId !== null;
    case 'recordingType':
      return choice.algorithm !== null;
    case 'words':
      return choice.scope !== null && choice.algorithm !== null && (choice.scope !== 'group' || choice.groupId !== null);
  }
}

/** Next from a step: the following step, or null on the words (save). */
export function nextWizardStep(steps: readonly TWizardStep[], step: TWizardStep): TWizardStep | null {
  return steps[steps.indexOf(step) + 1] ?? null;
}

/** Back from a step: the previous step, or null on the first (back to ready). */
export function prevWizardStep(steps: readonly TWizardStep[], step: TWizardStep): TWizardStep | null {
  const i = steps.indexOf(step);
  return i > 0 ? steps[i - 1]! : null;
}

/** The scope id the save names: exactly one of orgId, groupId, userId. */
export function scopeOf(
  choice: TWizardChoice,
  targets: TWordspottingTargets,
): Pick<TSaveWordspottingBody, 'orgId' | 'groupId' | 'userId'> | null {
  if (choice.scope === 'org' && targets.org) return { orgId: targets.org.orgId };
  if (choice.scope === 'group' && choice.groupId) return { groupId: choice.groupId };
  if (choice.scope === 'user' && targets.user) return { userId: targets.user.userId };
  return null;
}

/** The list the choice would replace, if it exists (its words start the editor). */
export function existingList(lists: readonly TWordspottingList[], choice: TWizardChoice): TWordspottingList | null {
  return (
    lists.find(
      (l) =>
        l.scope === choice.scope &&
        l.algorithm === choice.algorithm &&
        (l.scope !== 'group' || l.scopeId === choice.groupId) &&
        l.abilities.canEdit,
    ) ?? null
  );
}
