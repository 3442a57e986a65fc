// The data-export module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { buildDataExportJob, expireDataExportsJob } from './data-export.jobs.js';
export { latestDataExportSummary } from './data-export-summary.js';
