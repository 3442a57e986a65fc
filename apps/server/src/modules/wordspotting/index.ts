// The wordspotting module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { currentWordspottingList, type TKnownCandidates } from './resolve-list.js';
