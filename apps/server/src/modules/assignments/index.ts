// The assignments module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { assertAssignmentsOn } from './access.js';
export {
  assignmentGroups,
  assignmentInOrgSql,
  findAssignmentInOrg,
  isOpenAssignment,
  joinedAssignmentColumns,
  listAllForSpeaker,
  listGroupAssignments,
  listTargets,
  presentAssignmentRef,
  withJoinedAssignment,
} from './assignments.repository.js';
export { judge, loadViewer } from './presenter.js';
export { computeAssignmentProgress, standingFor } from './progress/index.js';
export { groupBy, loadStandingFacts, recordingProgress, type TProgressAssignment } from './progress/progress.loader.js';
export { feedbackFactsOfOwner, listGroupsWithMembership } from './progress/progress.repository.js';
export { presentMember } from './progress/member-row.js';
export { contentDisposition, durationText, fileStem, safeText } from './report/report-format.js';
export { dueRemindersJob } from './due-reminders.jobs.js';
