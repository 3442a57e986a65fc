import {
  ASSIGNMENT_MSG,
  coachAssignmentStatus,
  criteriaAlgorithmLabel,
  speakerAssignmentStatus,
  type TAssignment,
} from '@rostrum/contract';

// The details page's rules (002 sections 2.6 and 4) as pure functions: which actions a coach is
// offered (from the server's abilities only), their confirmations and notices, the status line
// and the record link's label. The page renders what these return.

/**
 * The coach variant of the page: the server lets the caller see every member or act on the
 * assignment as a coach (templates have no members). A speaker gets none of these abilities.
 */
export function coachVariant(a: Pick<TAssignment, 'abilities'>): boolean {
  const can = a.abilities;
  return can.canSeeMembers || can.canEdit || can.canAssign || can.canCopy || can.canArchive || can.canToggleShared;
}

export type TDetailsAction =
  | 'edit'
  | 'delete'
  | 'archive'
  | 'restore'
  | 'copy'
  | 'showLink'
  | 'assign'
  | 'turnOffContinuous'
  | 'convertToContinuous'
  | 'makePublic'
  | 'makePrivate';

export interface TActionDef {
  key: TDetailsAction;
  label: string;
  /** Navigates (edit, assign) or opens a panel (showLink) without a confirmation. */
  kind: 'navigate' | 'confirm' | 'panel';
}

/**
 * The coach actions of 002 section 2.6, in the spec's order, each offered only when the server's
 * abilities allow it. Copy is "Copy Template" on a template and "Copy as Template" otherwise.
 */
export function coachActions(a: Pick<TAssignment, 'abilities' | 'isTemplate' | 'archived' | 'deactivated' | 'isShared'>): TActionDef[] {
  const can = a.abilities;
  const out: TActionDef[] = [];
  if (can.canEdit) out.push({ key: 'edit', label: 'Edit', kind: 'navigate' });
  if (can.canDelete) out.push({ key: 'delete', label: 'Delete', kind: 'confirm' });
  if (can.canArchive) {
    out.push(
      a.archived
        ? { key: 'restore', label: 'Restore Archived Assignment', kind: 'confirm' }
        : { key: 'archive', label: 'Archive', kind: 'confirm' },
    );
  }
  if (can.canCopy) out.push({ key: 'copy', label: a.isTemplate ? 'Copy Template' : 'Copy as Template', kind: 'confirm' });
  if (coachVariant(a)) out.push({ key: 'showLink', label: 'Show Assignment Link', kind: 'panel' });
  if (can.canAssign) out.push({ key: 'assign', label: 'Assign This', kind: 'navigate' });
  if (can.canToggleContinuous) {
    out.push(
      a.deactivated
        ? { key: 'convertToContinuous', label: 'Convert Assignment to Continuous', kind: 'confirm' }
        : { key: 'turnOffContinuous', label: 'Turn Off Continuous Status', kind: 'confirm' },
    );
  }
  if (can.canToggleShared) {
    out.push(
      a.isShared
        ? { key: 'makePrivate', label: 'Make Private', kind: 'confirm' }
        : { key: 'makePublic', label: 'Make Public', kind: 'confirm' },
    );
  }
  return out;
}

export type TConfirmAction = Exclude<TDetailsAction, 'edit' | 'assign' | 'showLink'>;

/** The confirmation asked before each action (002 section 4: every coach action asks first). */
export function confirmation(
  action: TConfirmAction,
  name: string,
): { title: string; text: string; confirmLabel: string; destructive?: boolean } {
  switch (action) {
    case 'delete':
      return {
        title: `Delete "${name}"?`,
        text: 'The template is removed for everyone who can use it. Assignments already made from it stay.',
        confirmLabel: 'Delete',
        destructive: true,
      };
    case 'archive':
      return {
        title: `Archive "${name}"?`,
        text: 'Archived assignments take no new recordings and show as "Disabled/Archived". You can restore it later.',
        confirmLabel: 'Archive',
      };
    case 'restore':
      return { title: `Restore "${name}"?`, text: 'The assignment opens again for new recordings.', confirmLabel: 'Restore' };
    case 'copy':
      return {
        title: `Copy "${name}"?`,
        text: `A new private template "${name} (Copy)" is saved to your templates.`,
        confirmLabel: 'Copy',
      };
    case 'turnOffContinuous':
      return {
        title: 'Turn off continuous status?',
        text: 'The assignment stays with the current members of the group; people who join later do not receive it.',
        confirmLabel: 'Turn Off',
      };
    case 'convertToContinuous':
      return {
        title: 'Convert to a continuous assignment?',
        text: 'Everyone in the group, now and in the future, receives the assignment.',
        confirmLabel: 'Convert',
      };
    case 'makePublic':
      return {
        title: 'Make this template public?',
        text: 'Every coach in your organization can see and use it.',
        confirmLabel: 'Make Public',
      };
    case 'makePrivate':
      return { title: 'Make this template private?', text: 'Only you can see and use it.', confirmLabel: 'Make Private' };
  }
}

/** The success notice shown on the dashboard after an action (002 section 4; ours where the spec is silent). */
export const ACTION_NOTICE: Record<TConfirmAction, string> = {
  delete: 'Template deleted',
  archive: 'Assignment archived',
  restore: 'Assignment restored',
  copy: ASSIGNMENT_MSG.newTemplateAdded,
  turnOffContinuous: 'Continuous status turned off',
  convertToContinuous: 'Assignment converted to continuous',
  makePublic: 'Template made public',
  makePrivate: 'Template made private',
};

/** The PATCH body of the actions that update the assignment. */
export function patchFor(action: TConfirmAction): Record<string, boolean> | null {
  switch (action) {
    case 'archive':
      return { archived: true };
    case 'restore':
      return { archived: false };
    case 'turnOffContinuous':
      return { deactivated: true };
    case 'convertToContinuous':
      return { deactivated: false };
    case 'makePublic':
      return { isShared: true };
    case 'makePrivate':
      return { isShared: false };
    default:
      return null;
  }
}

/** The status line: the coach's (002 section 4) when the server shows the member table, else the speaker's own. */
export function statusLine(a: TAssignment): string {
  if (a.isTemplate) return a.isGlobal ? 'Global Template' : a.isShared ? 'Public Template' : 'Private Template';
  if (coachVariant(a)) return coachAssignmentStatus(a);
  return speakerAssignmentStatus(a, a.completionStatus ?? 'assigned', a.overdue);
}

/**
 * The speaker's record link (002 section 2.6): by the assignment's speaker type; an algorithm
 * name that names neither kind keeps the neutral "Record for this Assignment".
 */
export function recordLinkLabel(algorithm: string): string {
  if (algorithm.includes('conversational')) return 'Record (Multi-Speaker)';
  if (algorithm.includes('default')) return 'Record (Single Speaker)';
  return 'Record for this Assignment';
}

/** "Single Speaker" or "Multi-Speaker" for the recording type line. */
export const recordingTypeLabel = criteriaAlgorithmLabel;

/** The assignment type line (002 section 2.6). */
export function assignmentTypeText(a: Pick<TAssignment, 'isTemplate' | 'continuous'>): string {
  if (a.isTemplate) return 'Template: not assigned yet';
  return a.continuous ? 'Continuous Group Assignment' : 'Non-Continuous Assignment';
}

/** The record screen for this assignment. */
export function recordPath(assignmentId: string): string {
  return `/record?assignmentId=${encodeURIComponent(assignmentId)}`;
}

/** The results page of a recording, returning to the assignment (001: evaluate-recording ?assignmentId). */
export function evaluatePath(recordingId: string, assignmentId: string): string {
  return `/evaluate/${recordingId}?assignmentId=${encodeURIComponent(assignmentId)}`;
}

/** The details page's address, for Show Assignment Link. */
export function detailsUrl(origin: string, assignmentId: string): string {
  return `${origin}/assignment/details/${assignmentId}`;
}
