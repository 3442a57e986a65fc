// The LTI module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { queueLtiGrade } from './lti-grade-queue.js';
export { postLtiGradeJob } from './lti.jobs.js';
export { ltiSubmissionsJob } from './lti-submissions.jobs.js';
export { rosterLinkedGroups } from './lti-grades.repository.js';
