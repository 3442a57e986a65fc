import { EDITOR_STEPS, type TEditorStep } from '@rostrum/contract';

// The editor's wizard (002 section 2.7) as pure rules: which steps an assignment has, where
// Next and Back lead, and which step numbers in the address are valid. The page renders these.

/** The wizard's internal order: description, criteria, wordspotting, scorecard, attachments, prompt, assignment. */
export const STEP_ORDER: readonly TEditorStep[] = [
  'description',
  'criteria',
  'wordspotting',
  'scorecard',
  'attachments',
  'prompt',
  'assign',
];

/** The step indicator's labels. */
export const STEP_LABELS: Record<TEditorStep, string> = {
  description: 'Description',
  criteria: 'Criteria',
  wordspotting: 'Wordspotting',
  scorecard: 'Scorecard',
  attachments: 'Materials',
  prompt: 'Saved',
  assign: 'Assign',
};

/** What the step rules need to know of the assignment being edited. */
export interface TStepContext {
  /** Global templates: steps 2 to 5 are not available. */
  isGlobal: boolean;
  isTemplate: boolean;
  /** Targets exist (an assigned assignment): the assign step is skipped. */
  hasTargets: boolean;
  /** The caller may edit the description and attachments (abilities.canEdit). */
  canEdit: boolean;
  /** The caller may assign it (abilities.canAssign). */
  canAssign: boolean;
  /** The criteria options that switch steps on. */
  criteria: { wordspotting: boolean; scorecard: boolean };
}

/** The step named by the address's step number, or null for anything else (0, 8, 'x', '2.5'). */
export function stepFromParam(raw: string | undefined): TEditorStep | null {
  if (!raw || !/^[1-9]$/.test(raw)) return null;
  const n = Number(raw);
  return STEP_ORDER.find((s) => EDITOR_STEPS[s] === n) ?? null;
}

/** Whether the assignment has this step. */
export function stepAvailable(step: TEditorStep, ctx: TStepContext): boolean {
  switch (step) {
    case 'description':
      return ctx.canEdit && !ctx.isGlobal;
    case 'criteria':
      return ctx.canEdit && !ctx.isGlobal;
    case 'wordspotting':
      return ctx.canEdit && !ctx.isGlobal && ctx.criteria.wordspotting;
    case 'scorecard':
      return ctx.canEdit && !ctx.isGlobal && ctx.criteria.scorecard;
    case 'attachments':
      return ctx.canEdit && !ctx.isGlobal;
    case 'prompt':
      // "Assignment Saved to Templates" speaks of a template; an assigned one has nothing to assign.
      return ctx.isTemplate && !ctx.hasTargets && ctx.canAssign;
    case 'assign':
      return ctx.isTemplate && !ctx.hasTargets && ctx.canAssign;
  }
}

/** The steps the assignment has, in wizard order (the step indicator). */
export function visibleSteps(ctx: TStepContext): TEditorStep[] {
  return STEP_ORDER.filter((s) => stepAvailable(s, ctx));
}

/** Where Next leads: the next step the assignment has, or null after the last (go to the dashboard). */
export function nextStep(step: TEditorStep, ctx: TStepContext): TEditorStep | null {
  const from = STEP_ORDER.indexOf(step);
  return STEP_ORDER.slice(from + 1).find((s) => stepAvailable(s, ctx)) ?? null;
}

/** Where Back leads: the previous step the assignment has, or null on the first. */
export function prevStep(step: TEditorStep, ctx: TStepContext): TEditorStep | null {
  const from = STEP_ORDER.indexOf(step);
  return (
    STEP_ORDER.slice(0, from)
      .reverse()
      .find((s) => stepAvailable(s, ctx)) ?? null
  );
}

/** The step context of a loaded assignment. */
export function stepContext(a: {
  isGlobal: boolean;
  isTemplate: boolean;
  userTargets: readonly unknown[];
  groupTargets: readonly unknown[];
  criteria: { wordspotting: boolean; scorecard: boolean };
  abilities: { canEdit: boolean; canAssign: boolean };
}): TStepContext {
  return {
    isGlobal: a.isGlobal,
    isTemplate: a.isTemplate,
    hasTargets: a.userTargets.length > 0 || a.groupTargets.length > 0,
    canEdit: a.abilities.canEdit,
    canAssign: a.abilities.canAssign,
    criteria: { wordspotting: a.criteria.wordspotting, scorecard: a.criteria.scorecard },
  };
}

/** The step context of /assignments/create: a new template of the caller. */
export const NEW_TEMPLATE_CONTEXT: TStepContext = {
  isGlobal: false,
  isTemplate: true,
  hasTargets: false,
  canEdit: true,
  canAssign: true,
  criteria: { wordspotting: false, scorecard: false },
};
