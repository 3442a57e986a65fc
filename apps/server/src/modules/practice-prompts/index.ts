// The practice-prompts module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { promptForTake } from './practice-prompts.service.js';
