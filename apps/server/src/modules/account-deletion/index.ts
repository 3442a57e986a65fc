// The account deletion module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { recordingRetentionJob, removeAccountUploadsJob } from './account-deletion.jobs.js';
export { canDeleteUser, deleteUserByAdmin } from './account-deletion.service.js';
