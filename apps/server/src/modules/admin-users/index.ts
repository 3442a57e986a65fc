// The admin-users module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { applyInviteGrants } from './invite-grants.js';
