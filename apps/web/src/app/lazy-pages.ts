import type { ComponentType } from 'react';

/**
 * Each lazily loaded page: its chunk (with its CSS) is fetched on first visit or by prefetchPages.
 * Listed in the order the pages' CSS was bundled when every page was eager, so a full prefetch
 * inserts the feature style sheets in that same cascade order.
 */
export const PAGES = {
  ConfirmCodePage: async (): Promise<ComponentType> => (await import('../features/join/confirm-code-page')).ConfirmCodePage,
  EmailNotificationsPage: async (): Promise<ComponentType> =>
    (await import('../features/account/email-notifications-page')).EmailNotificationsPage,
  ProfilePage: async (): Promise<ComponentType> => (await import('../features/account/profile-page')).ProfilePage,
  AdminArea: async (): Promise<ComponentType> => (await import('../features/admin/admin-area')).AdminArea,
  AdminGroupsPage: async (): Promise<ComponentType> => (await import('../features/admin/admin-groups-page')).AdminGroupsPage,
  AdminGroupEditPage: async (): Promise<ComponentType> => (await import('../features/admin/admin-group-edit-page')).AdminGroupEditPage,
  AdminGroupMembersPage: async (): Promise<ComponentType> =>
    (await import('../features/admin/admin-group-members-page')).AdminGroupMembersPage,
  AdminInvitePage: async (): Promise<ComponentType> => (await import('../features/admin/admin-invite-page')).AdminInvitePage,
  AdminPendingInvitesPage: async (): Promise<ComponentType> =>
    (await import('../features/admin/admin-pending-invites-page')).AdminPendingInvitesPage,
  AdminUserRolesPage: async (): Promise<ComponentType> => (await import('../features/admin/admin-user-roles-page')).AdminUserRolesPage,
  AdminPlansPage: async (): Promise<ComponentType> => (await import('../features/admin/admin-plans-page')).AdminPlansPage,
  AdminPrepaidCodesPage: async (): Promise<ComponentType> =>
    (await import('../features/admin/admin-prepaid-codes-page')).AdminPrepaidCodesPage,
  AdminLedgerPage: async (): Promise<ComponentType> => (await import('../features/admin/admin-ledger-page')).AdminLedgerPage,
  AdminOrgSettingsPage: async (): Promise<ComponentType> =>
    (await import('../features/admin/admin-org-settings-page')).AdminOrgSettingsPage,
  AdminUsersPage: async (): Promise<ComponentType> => (await import('../features/admin/admin-users-page')).AdminUsersPage,
  AdminPracticePromptsPage: async (): Promise<ComponentType> =>
    (await import('../features/admin/admin-practice-prompts-page')).AdminPracticePromptsPage,
  LtiPlatformsPage: async (): Promise<ComponentType> => (await import('../features/admin/lti-platforms-page')).LtiPlatformsPage,
  JoinRedirect: async (): Promise<ComponentType> => (await import('../features/auth/join-redirect')).JoinRedirect,
  PasswordForgotPage: async (): Promise<ComponentType> => (await import('../features/auth/password-forgot-page')).PasswordForgotPage,
  PasswordResetPage: async (): Promise<ComponentType> => (await import('../features/auth/password-reset-page')).PasswordResetPage,
  HubSignInPage: async (): Promise<ComponentType> => (await import('../features/auth/hub-sign-in-page')).HubSignInPage,
  SignOutPage: async (): Promise<ComponentType> => (await import('../features/auth/sign-out-page')).SignOutPage,
  SignUpPage: async (): Promise<ComponentType> => (await import('../features/auth/sign-up-page')).SignUpPage,
  TermsPage: async (): Promise<ComponentType> => (await import('../features/legal/legal-page')).TermsPage,
  PrivacyPage: async (): Promise<ComponentType> => (await import('../features/legal/legal-page')).PrivacyPage,
  HelpPage: async (): Promise<ComponentType> => (await import('../features/help/help-page')).HelpPage,
  HistoryPage: async (): Promise<ComponentType> => (await import('../features/history/history-page')).HistoryPage,
  ManagePage: async (): Promise<ComponentType> => (await import('../features/manage/manage-page')).ManagePage,
  ZoomRecordingsPage: async (): Promise<ComponentType> => (await import('../features/zoom/zoom-recordings-page')).ZoomRecordingsPage,
  ZoomLoadingPage: async (): Promise<ComponentType> => (await import('../features/zoom/zoom-loading-page')).ZoomLoadingPage,
  RecordPage: async (): Promise<ComponentType> => (await import('../features/intake/record-page')).RecordPage,
  FreeTrialThanksPage: async (): Promise<ComponentType> => (await import('../features/intake/free-trial-thanks-page')).FreeTrialThanksPage,
  HomeIntakeRoute: async (): Promise<ComponentType> => (await import('../features/intake/home-intake-route')).HomeIntakeRoute,
  PracticePromptsPage: async (): Promise<ComponentType> => (await import('../features/practice/practice-prompts-page')).PracticePromptsPage,
  RecordingPage: async (): Promise<ComponentType> => (await import('../features/results/recording-page')).RecordingPage,
  SharedRecordingPage: async (): Promise<ComponentType> => (await import('../features/results/shared-recording-page')).SharedRecordingPage,
  // After the results pages: it uses their style sheet, so the prefetch keeps that sheet's place in the cascade.
  ComparePage: async (): Promise<ComponentType> => (await import('../features/compare/compare-page')).ComparePage,
  ResultsListPage: async (): Promise<ComponentType> => (await import('../features/results/results-list-page')).ResultsListPage,
  SubscriptionPage: async (): Promise<ComponentType> => (await import('../features/subscription/subscription-page')).SubscriptionPage,
  UnsubscribePage: async (): Promise<ComponentType> => (await import('../features/unsubscribe/unsubscribe-page')).UnsubscribePage,
  AssignmentDetailsPage: async (): Promise<ComponentType> =>
    (await import('../features/assignment-details/assignment-details-page')).AssignmentDetailsPage,
  AssignmentPreviewPage: async (): Promise<ComponentType> =>
    (await import('../features/assignment-details/assignment-preview-page')).AssignmentPreviewPage,
  AssignmentSharedRecordingsPage: async (): Promise<ComponentType> =>
    (await import('../features/assignment-details/shared-recordings-page')).SharedRecordingsPage,
  AssignmentCreatePage: async (): Promise<ComponentType> =>
    (await import('../features/assignment-editor/assignment-editor-page')).AssignmentCreatePage,
  AssignmentEditPage: async (): Promise<ComponentType> =>
    (await import('../features/assignment-editor/assignment-editor-page')).AssignmentEditPage,
  CoachDashboardPage: async (): Promise<ComponentType> =>
    (await import('../features/coach-dashboard/coach-dashboard-page')).CoachDashboardPage,
  ReviewQueuePage: async (): Promise<ComponentType> => (await import('../features/review-queue/review-queue-page')).ReviewQueuePage,
  SpeakerDashboardPage: async (): Promise<ComponentType> =>
    (await import('../features/speaker-dashboard/speaker-dashboard-page')).SpeakerDashboardPage,
  WordspottingPage: async (): Promise<ComponentType> => (await import('../features/wordspotting/wordspotting-page')).WordspottingPage,
  ReorderPage: async (): Promise<ComponentType> => (await import('../features/assignment-reorder/reorder-page')).ReorderPage,
} as const;

const PREFETCHED_KEY = 'rostrum.pagesPrefetched';

/** Whether this tab has prefetched already (a full page load keeps the flag; the HTTP cache keeps the chunks). */
function markPrefetched(): boolean {
  try {
    if (sessionStorage.getItem(PREFETCHED_KEY)) return false;
    sessionStorage.setItem(PREFETCHED_KEY, '1');
  } catch {
    // No session storage: fall back to once per page load.
  }
  return true;
}

let prefetched = false;

type TConnection = { saveData?: boolean; effectiveType?: string };

/**
 * Whether the connection is too slow, or the user saves data, for fetching pages they may never
 * open: there every byte competes with the page in use (on a 3G link a full prefetch delayed the
 * results page's own data by about ten seconds).
 */
export function slowConnection(connection: TConnection | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '');
}

/** Pages fetched at the same time: the rest of the browser's connections stay free for the page in use. */
export const PREFETCH_IN_FLIGHT = 2;

/**
 * Runs the loads in order, at most `inFlight` at a time, each next one when the browser is idle.
 * Started in list order, so the pages' style sheets are inserted in that order.
 */
export function prefetchInTurn(loads: (() => Promise<unknown>)[], inFlight: number, idle: (run: () => void) => void): void {
  const queue = [...loads];
  const next = () => {
    const load = queue.shift();
    if (!load) return;
    load()
      .catch(() => undefined)
      .finally(() => idle(next));
  };
  idle(() => {
    for (let i = 0; i < inFlight; i++) next();
  });
}

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 3000 });
  else window.setTimeout(run, 1000);
}

/**
 * After the page has loaded, then when idle: the first page's own chunks and data come first (a
 * prefetch started in an idle gap while a results page was still loading delayed it).
 */
function afterLoadWhenIdle(run: () => void): void {
  if (document.readyState === 'complete') whenIdle(run);
  else window.addEventListener('load', () => whenIdle(run), { once: true });
}

/**
 * Fetches every page's chunk once per tab, when the browser is idle, for a signed-in user: the
 * first page paints from a small bundle, and later navigations (and the mode switch) do not wait
 * for the network. A few at a time, and not at all on a slow or data-saving connection. Failures
 * are ignored: a page's own visit loads it again.
 */
export function prefetchPages(): void {
  if (prefetched) return;
  prefetched = true;
  if (slowConnection((navigator as Navigator & { connection?: TConnection }).connection)) return;
  if (!markPrefetched()) return;
  afterLoadWhenIdle(() => prefetchInTurn(Object.values(PAGES), PREFETCH_IN_FLIGHT, whenIdle));
}
