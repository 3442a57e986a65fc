// The live-captures module's face: what other modules and the composition roots use of it.
export { transcribeCaptureJob } from './live-capture.jobs.js';
