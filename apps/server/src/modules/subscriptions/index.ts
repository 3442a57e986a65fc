// The subscriptions module's face: what other modules and the composition roots use of it.
export { accessRemindersJob } from './subscription.jobs.js';
