// What the details page and the manage page use of the assignment reports.
export { ComparisonReport } from './comparison-report';
export { DownloadReportButton } from './download-report-button';
