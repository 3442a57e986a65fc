// Assignment progress for the other assignment modules: completion and counts.
export { computeAssignmentProgress, NO_COUNTS, standingFor, type TAssignmentProgressSummary } from './progress.loader.js';
