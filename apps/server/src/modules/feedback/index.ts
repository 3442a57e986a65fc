// The feedback module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { listFeedbackWithAuthors, type TFeedbackRow } from './feedback.repository.js';
export { assertMayChangeOwn, mayScore, recordingContext, type TRecordingContext } from './feedback.service.js';
