// The live-captures module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { transcribeCaptureJob } from './live-capture.jobs.js';
