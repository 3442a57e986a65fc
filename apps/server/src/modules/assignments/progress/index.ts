// Assignment progress for the other assignment modules: completion and counts.
export { memberCompletion, type TCompletionFacts, type TMemberCompletion } from './completion.js';
export {
  loadAssignmentProgress,
  computeAssignmentProgress,
  computeAssignmentStanding,
  loadStandingFacts,
  standingFor,
  NO_COUNTS,
  type TAssignmentProgressSummary,
  type TProgressAssignment,
} from './progress.loader.js';
