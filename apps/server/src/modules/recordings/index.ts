// The recordings module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { ANALYZE_RECORDING, ANALYZE_RETRY, analyzeRecordingJob, expireUploadsJob, removeRecordingMediaJob } from './recording.jobs.js';
