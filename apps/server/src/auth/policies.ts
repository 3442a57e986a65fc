// The one place that answers "may this caller do X to R". Hiding a button is presentation;
// these checks are the protection. A group of another organisation is reported as not found.
// Each rule is a pure function; where it must also run in SQL, its SQL form sits beside it.
// This file only gathers them: the role rules live in roles.ts, the privacy-level rules in
// privacy-rules.ts, the guards that load a group in guards.ts, the abilities objects in
// abilities.ts, the coach-only scorecard in scorecard-rules.ts.

export * from './abilities.js';
export * from './assignment-member-rules.js';
export * from './assignment-targets.js';
export * from './guards.js';
export { hasActiveRole } from './membership-active.js';
export * from './notification-rules.js';
export * from './privacy-rules.js';
export * from './report-rules.js';
export * from './roles.js';
export * from './scorecard-rules.js';
export * from './wordspotting-rules.js';
