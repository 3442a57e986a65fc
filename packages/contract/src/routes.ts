/**
 * The one name of a speaker's own recordings (issue 41): the spec calls that list Results (the
 * navigation), My Recordings (Manage) and My Library (the speaker dashboard); its speaker
 * dashboard's assignment cards count "My Recordings" too, so that is the name everywhere.
 */
export const OWN_RECORDINGS = 'My Recordings';

// The route table (000 section 2.1, 002 section 2.1): names, paths, the announcer text that
// follows the product name in the page title, and the guard flags. The web router mounts the
// routes whose screens exist; the rest of the spec's routes join this table with their features.

export interface TRouteDef {
  name: string;
  path: string;
  /** Page title is "Rostrum" plus this text. */
  announcer: string;
  /** Needs a signed-in user; others are sent to sign-in with next. */
  auth: boolean;
  /** Hide the basic bar's 'Already have an account?' link. */
  hideSignIn?: boolean;
  /** Visiting the route signs the user out. */
  signOut?: boolean;
  /**
   * A signed-in route that a user without an active subscription (needsSubscription) may still
   * open: the intake, Record, Subscription, joining a group and the account pages. Every other
   * `auth` route needs one, so a new route needs one unless it says otherwise.
   */
  noSubscription?: true;
}

/** Whether the route guard sends a user without an active subscription from this route to Subscription. */
export function routeNeedsSubscription(def: TRouteDef): boolean {
  return def.auth && !def.noSubscription;
}

export const ROUTES = {
  home: { name: 'home', path: '/', announcer: 'Home', auth: false },
  /** The intake home page; where sign-up leads (000 section 2.3, 001 section 2). */
  homeIntake: { name: 'home-intake', path: '/home', announcer: 'Home', auth: true, noSubscription: true },
  signIn: { name: 'sign-in', path: '/sign-in', announcer: 'Sign In', auth: false, hideSignIn: true },
  /** The hub sign-in flow (000 sections 2.5 and 4): the link of the sign-in page and the hub's return. */
  hubSignIn: { name: 'hub-sign-in', path: '/btc/sign-in', announcer: 'Sign In', auth: false, hideSignIn: true },
  signUp: { name: 'sign-up', path: '/sign-up', announcer: 'Sign Up', auth: false },
  signOut: { name: 'sign-out', path: '/sign-out', announcer: 'Sign Out', auth: false, signOut: true },
  passwordForgot: { name: 'password-forgot', path: '/password/forgot', announcer: 'Forgot Password', auth: false },
  passwordReset: { name: 'password-reset', path: '/password/reset', announcer: 'Reset Password', auth: false },
  confirmCode: { name: 'confirm-code', path: '/confirm-code', announcer: 'Join Group', auth: true, noSubscription: true },
  join: { name: 'join', path: '/join', announcer: 'Join', auth: false },
  profile: { name: 'profile', path: '/profile', announcer: 'Account Settings', auth: true, noSubscription: true },
  emailNotifications: {
    name: 'email-notifications',
    path: '/email-notifications',
    announcer: 'Email Notifications',
    auth: true,
    noSubscription: true,
  },
  help: { name: 'help', path: '/help', announcer: 'Help', auth: true, noSubscription: true },
  terms: { name: 'terms', path: '/terms', announcer: 'Terms of Use', auth: false },
  privacy: { name: 'privacy', path: '/privacy', announcer: 'Privacy Policy', auth: false },
  subscription: { name: 'subscription', path: '/subscription', announcer: 'Subscription', auth: true, noSubscription: true },
  subscriptionGroup: {
    name: 'subscription-group',
    path: '/subscription/:groupId',
    announcer: 'Subscription',
    auth: true,
    noSubscription: true,
  },
  record: { name: 'record', path: '/record', announcer: 'Record', auth: true, noSubscription: true },
  /** The organisation's practice prompts (issue 41): pick one, then record it (like Record, no subscription needed). */
  practice: { name: 'practice', path: '/practice', announcer: 'Practice Prompts', auth: true, noSubscription: true },
  /**
   * Where free-trial users land after a URL upload when the operator set no external thanks page
   * (FREE_TRIAL_THANKS_URL; 001 section 2); ?recordingId= links to its results.
   */
  freeTrialThanks: { name: 'free-trial-thanks', path: '/thanks', announcer: 'Thank You', auth: true, noSubscription: true },
  evaluate: { name: 'evaluate', path: '/evaluate', announcer: OWN_RECORDINGS, auth: true },
  evaluateRecording: { name: 'evaluate-recording', path: '/evaluate/:recordingId', announcer: 'Results', auth: true },
  manage: { name: 'manage', path: '/manage', announcer: 'Manage', auth: true },
  history: { name: 'history', path: '/history', announcer: 'History', auth: true },
  /** Compare takes (issue 20): ?ids=a,b[,c,d], two to four recordings side by side; the address is the shareable link. */
  compare: { name: 'compare', path: '/compare', announcer: 'Compare Takes', auth: true },
  unsubscribe: { name: 'unsubscribe', path: '/unsubscribe/:unsubscribeCode', announcer: 'Unsubscribe', auth: false },
  /** A public share link's read-only results (issue 20): no sign-in, no navigation into the app. */
  sharedRecording: { name: 'shared-recording', path: '/s/:token', announcer: 'Shared Results', auth: false, hideSignIn: true },
  customerAdminGroups: {
    name: 'customer-admin-groups',
    path: '/customer-admin/groups',
    announcer: 'Admin: Groups',
    auth: true,
  },
  /** groupId 0 creates a new group. */
  customerAdminGroup: {
    name: 'customer-admin-groups-groupId',
    path: '/customer-admin/groups/:groupId',
    announcer: 'Admin: Edit Group',
    auth: true,
  },
  /** ?active=1 lists active members only. */
  customerAdminGroupUsers: {
    name: 'customer-admin-users-groupId',
    path: '/customer-admin/groups/:groupId/users',
    announcer: 'Admin: Group Members',
    auth: true,
  },
  customerAdminInvites: { name: 'customer-admin-invites', path: '/customer-admin/invites', announcer: 'Admin: Invite', auth: true },
  customerAdminPendingInvites: {
    name: 'customer-admin-pending-invites',
    path: '/customer-admin/pending-invites',
    announcer: 'Admin: Pending Invites',
    auth: true,
  },
  customerAdminUsers: { name: 'customer-admin-users', path: '/customer-admin/users', announcer: 'Admin: Users', auth: true },
  customerAdminUser: {
    name: 'customer-admin-users-userId',
    path: '/customer-admin/users/:userId',
    announcer: 'Admin: User Roles',
    auth: true,
  },
  customerAdminUserGroup: {
    name: 'customer-admin-users-userId-groupId',
    path: '/customer-admin/users/:userId/:groupId',
    announcer: 'Admin: User Roles',
    auth: true,
  },
  // Paid access in the admin area (issue 17): plans, prepaid codes, the ledger.
  customerAdminPlans: { name: 'customer-admin-plans', path: '/customer-admin/plans', announcer: 'Admin: Plans', auth: true },
  customerAdminPrepaidCodes: {
    name: 'customer-admin-prepaid-codes',
    path: '/customer-admin/prepaid-codes',
    announcer: 'Admin: Prepaid Codes',
    auth: true,
  },
  customerAdminLedger: { name: 'customer-admin-ledger', path: '/customer-admin/ledger', announcer: 'Admin: Ledger', auth: true },
  /** The organisation's practice prompts, edited by its admins (issue 41). */
  customerAdminPracticePrompts: {
    name: 'customer-admin-practice-prompts',
    path: '/customer-admin/practice-prompts',
    announcer: 'Admin: Practice Prompts',
    auth: true,
  },
  /** The organisation's settings an org admin changes (Allow public share links); the operator's switches read-only. */
  customerAdminSettings: {
    name: 'customer-admin-settings',
    path: '/customer-admin/settings',
    announcer: 'Admin: Organization Settings',
    auth: true,
  },
  /** The organisation's learning platforms (LTI 1.3, issue 42): registration, values to paste, signing keys. */
  customerAdminLti: { name: 'customer-admin-lti', path: '/customer-admin/lti', announcer: 'Admin: Learning Platforms', auth: true },
  // Dashboards (002 sections 2.2 and 2.4)
  wordspotting: { name: 'wordspotting', path: '/wordspotting', announcer: 'Wordspotting', auth: true },
  coachDashboard: { name: 'coach-dashboard', path: '/coach-dashboard', announcer: 'Coach Dashboard', auth: true },
  /** The coach's review queue (issue 41 item 7): what waits for their comment or score across their groups. */
  reviewQueue: { name: 'review-queue', path: '/review-queue', announcer: 'Review Queue', auth: true },
  speakerDashboard: { name: 'speaker-dashboard', path: '/speaker-dashboard', announcer: 'Speaker Dashboard', auth: true },
  // Assignments (002 sections 2.3, 2.6, 2.7 and 2.8)
  assignmentCreate: { name: 'create-assignment', path: '/assignments/create', announcer: 'Add Assignment', auth: true },
  /** stepNum 1 to 7 (EDITOR_STEPS); any other shows the invalid-step message. */
  assignmentEdit: { name: 'edit-assignment', path: '/assignments/edit/:assignmentId/:stepNum', announcer: 'Edit Assignment', auth: true },
  assignmentReorder: { name: 'reorder-assignments', path: '/assignments/:groupId/reorder', announcer: 'Reorder Assignments', auth: true },
  assignmentPreview: {
    name: 'preview-assignment',
    path: '/assignments/:assignmentId/preview',
    announcer: 'Preview Assignment',
    auth: true,
  },
  assignmentSharedRecordings: {
    name: 'assignment-shared-recordings',
    path: '/assignments/:assignmentId/sharedRecordings',
    announcer: 'Shared Recordings',
    auth: true,
  },
  assignmentDetails: { name: 'assignment-details', path: '/assignment/details/:assignmentId', announcer: 'Assignment Details', auth: true },
  // Zoom import (002 section 2.12): optional query assignmentId; Zoom sends the browser back to zoom-loading.
  zoomRecordings: { name: 'zoom-recordings', path: '/zoom-recordings', announcer: 'Zoom Recordings', auth: true },
  zoomLoading: { name: 'zoom-loading', path: '/zoom-loading', announcer: 'Linking Zoom', auth: true },
} as const satisfies Record<string, TRouteDef>;

export type TRouteKey = keyof typeof ROUTES;

/** Page title: the product name plus the route's announcer text. */
export function pageTitle(announcer: string | undefined): string {
  return announcer ? `Rostrum - ${announcer}` : 'Rostrum';
}

/**
 * Browsers drop tabs and newlines from an address and read a backslash as a slash, so
 * `/\t/evil.example` or `/\\evil.example` would leave the site: no control character or backslash.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
const UNSAFE_IN_NEXT = /[\u0000-\u001f\u007f\\]/;

/** Only same-site relative paths are accepted as a `next` target (no open redirects). */
export function safeNext(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || UNSAFE_IN_NEXT.test(next)) return null;
  return next;
}

/** Fills a route path's :params. */
export function routePath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')));
}
