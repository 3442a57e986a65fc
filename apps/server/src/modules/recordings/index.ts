// The recordings module's face: what other modules and the composition roots use of it.
export { ANALYZE_RECORDING, ANALYZE_RETRY, analyzeRecordingJob, expireUploadsJob, removeRecordingMediaJob } from './recording.jobs.js';
