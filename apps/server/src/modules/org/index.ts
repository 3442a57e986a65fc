// The org module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { presentOrg } from './org.presenter.js';
export { findOrganisation, lockOrganisation, mergeOrgSettings, orgOfCaller, setOrgTimeZone, type TOrgRow } from './org.repository.js';
