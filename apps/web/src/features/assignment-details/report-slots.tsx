import type { TAssignment } from '@rostrum/contract';
import type { TViewer } from '../../app/viewer';

// INTEGRATION POINT (report helper, branch i13-report): the Download Report control and the
// Assignment Comparison Report come from apps/web/src/features/assignment-report/. Until that
// branch is merged these render nothing, so the page never shows a control that does not work.

/** Download Report (shown when the server's abilities.canDownloadReport is true). */
export function ReportSlot(_props: { assignment: TAssignment }) {
  return null;
}

/** The coach-only Assignment Comparison Report (not for templates). */
export function ComparisonSlot(_props: { assignment: TAssignment; viewer: TViewer }) {
  return null;
}
