// The recordings module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { ANALYZE_RECORDING, ANALYZE_RETRY, analyzeRecordingJob, expireUploadsJob, removeRecordingMediaJob } from './recording.jobs.js';
export { transcribeCaptureJob } from './live-captures/live-capture.jobs.js';
// For the media storage's test of the expiry against a bucket.
export { handleExpireUploads } from './expire-uploads.job.js';
export { canHearWith, presentGroupRecording, presentSummary } from './recordings.presenter.js';
export {
  findRecordingAccessContext,
  findRecordingAccessContextWithAssignment,
  listGroupRecordings,
  listOwnRecordings,
  removeRecordingRow,
  type TRecordingListFields,
  type TRecordingListRow,
} from './recordings.repository.js';
export { createRecording, finishUpload, loadWithAccess } from './recordings.service.js';
