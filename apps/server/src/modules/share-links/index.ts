// The share-links module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { revokeOrgShareLinks } from './share-links.repository.js';
