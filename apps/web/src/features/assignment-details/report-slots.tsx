import type { TAssignment } from '@rostrum/contract';
import type { TViewer } from '../../app/viewer';
import { ComparisonReport, DownloadReportButton } from '../assignment-report';

// The report helper's parts on the details page (apps/web/src/features/assignment-report/).

/** Download Report (shown when the server's abilities.canDownloadReport is true). */
export function ReportSlot({ assignment }: { assignment: TAssignment }) {
  return <DownloadReportButton kind="assignment" id={assignment.assignmentId} name={assignment.name} />;
}

/** The coach-only Assignment Comparison Report (not for templates). */
export function ComparisonSlot({ assignment }: { assignment: TAssignment; viewer: TViewer }) {
  return <ComparisonReport assignment={assignment} />;
}
