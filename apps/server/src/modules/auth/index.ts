// The auth module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { findUserByEmail, findUserById, insertUser } from './auth.repository.js';
export { addressBucket } from './client-address.js';
export { dataChoiceChanges, signUpConsents } from './consents.js';
export { issueKey, revokeOtherKeys } from './keys.repository.js';
export { releaseAttempt, reserveAll, reserveAttempt } from './rate-limits.repository.js';
export { reserveInviteCodeAttempt } from './request-limits.js';
export { maxEvaluatedWithin, SIGN_IN_PAIR_LIMIT } from './sign-in-limiter.js';
