import type { TAssignment } from '@rostrum/contract';
import { ComparisonReport, DownloadReportButton } from '../assignment-report';

// The report helper's parts on the details page (002 sections 2.6, 3 and 9).

/** Download Report, in the actions column (the page shows it when abilities.canDownloadReport). */
export function ReportSlot({ assignment: a }: { assignment: TAssignment }) {
  return <DownloadReportButton kind="assignment" id={a.assignmentId} name={a.name} size="sm" className="btn--block" />;
}

/** The coach-only Assignment Comparison Report (not for templates; the component checks both). */
export function ComparisonSlot({ assignment }: { assignment: TAssignment }) {
  return <ComparisonReport assignment={assignment} />;
}
