// The groups module's face: what other modules and the composition roots use of it.
export { membershipRoles, presentGroup } from './groups.presenter.js';
export { listGroupMembers } from './groups.repository.js';
export { createGroup } from './groups.service.js';
export { sharedRecordingsOf } from './shared-recordings.service.js';
