// The subscriptions module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { accessRemindersJob } from './subscription.jobs.js';
export { accessRemindersOffered } from './access-reminders.js';
export { setAccessReminders } from './access-reminders.repository.js';
export { insertPlan, listPlans } from './plans.repository.js';
export { newPrepaidCode, normalisePrepaidCode, prepaidCodeHash, prepaidCodeSuffix } from './prepaid-codes.js';
export { createStripeClient, StripePayments } from './stripe/stripe-payments.js';
export { presentAdminPlan } from './subscriptions.presenter.js';
export { offeredPlans } from './subscriptions.service.js';
