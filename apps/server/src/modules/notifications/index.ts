// The notifications module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { announce } from './announce.js';
export { noticeMail, type TRecipient } from './notification-mails.js';
export { listMembershipsOf } from './notifications.repository.js';
export { notifyAssignmentReceived, notifyRecordingEvents } from './notify.js';
