import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import type { ComponentType, ReactNode } from 'react';
import type { TRouteDef } from '@rostrum/contract';
import { SignInPage } from '../features/auth/sign-in-page';
import { HomeRoute } from '../features/landing/home-route';
import { PAGES } from './lazy-pages';
import { notifications } from './notification-store';
import { DelayedLoading, RouteError } from './route-fallbacks';
import { RootLayout, type RouteHandle } from './root-layout';
import { RequireAssignments, RequireAuth, RequireCoach, RequireOrgAdmin, RequireSubscription } from './route-guard';
import { WEB_ROUTES as R } from './route-paths';

/** A page in the first bundle: the landing page and sign-in paint without a second request. */
const route = (def: TRouteDef, element: ReactNode): RouteObject => ({
  path: def.path,
  element,
  handle: { route: def } satisfies RouteHandle,
});

/**
 * A page loaded on first visit, in its own chunk with its own CSS. The router keeps the current
 * page on screen until the chunk has arrived, so titles and guards run as for an eager page.
 */
const lazyRoute = (def: TRouteDef, load: () => Promise<ComponentType>): RouteObject => ({
  path: def.path,
  lazy: { Component: load },
  handle: { route: def } satisfies RouteHandle,
});

/** The route table (000 section 2.1, 002 section 2.1): public pages, then pages behind the guard. */
export const routes: RouteObject[] = [
  // A public share link: its own frame, with no navigation into the app (issue 20).
  { ...lazyRoute(R.sharedRecording, PAGES.SharedRecordingPage), HydrateFallback: DelayedLoading, errorElement: <RouteError /> },
  {
    element: <RootLayout />,
    HydrateFallback: DelayedLoading,
    children: [
      {
        // Inside the frame, so a page that fails to load keeps the navigation bar and footer.
        errorElement: <RouteError />,
        children: [
          route(R.home, <HomeRoute />),
          route(R.signIn, <SignInPage />),
          lazyRoute(R.hubSignIn, PAGES.HubSignInPage),
          lazyRoute(R.signUp, PAGES.SignUpPage),
          lazyRoute(R.signOut, PAGES.SignOutPage),
          lazyRoute(R.passwordForgot, PAGES.PasswordForgotPage),
          lazyRoute(R.passwordReset, PAGES.PasswordResetPage),
          lazyRoute(R.join, PAGES.JoinRedirect),
          lazyRoute(R.unsubscribe, PAGES.UnsubscribePage),
          lazyRoute(R.terms, PAGES.TermsPage),
          lazyRoute(R.privacy, PAGES.PrivacyPage),
          {
            element: <RequireAuth />,
            children: [
              {
                // Reads the matched route's subscription flag from the route table.
                element: <RequireSubscription />,
                children: [
                  lazyRoute(R.confirmCode, PAGES.ConfirmCodePage),
                  lazyRoute(R.profile, PAGES.ProfilePage),
                  lazyRoute(R.emailNotifications, PAGES.EmailNotificationsPage),
                  lazyRoute(R.help, PAGES.HelpPage),
                  lazyRoute(R.subscription, PAGES.SubscriptionPage),
                  lazyRoute(R.subscriptionGroup, PAGES.SubscriptionPage),
                  lazyRoute(R.homeIntake, PAGES.HomeIntakeRoute),
                  lazyRoute(R.record, PAGES.RecordPage),
                  lazyRoute(R.practice, PAGES.PracticePromptsPage),
                  lazyRoute(R.freeTrialThanks, PAGES.FreeTrialThanksPage),
                  lazyRoute(R.zoomRecordings, PAGES.ZoomRecordingsPage),
                  lazyRoute(R.zoomLoading, PAGES.ZoomLoadingPage),
                  lazyRoute(R.evaluate, PAGES.ResultsListPage),
                  lazyRoute(R.evaluateRecording, PAGES.RecordingPage),
                  lazyRoute(R.manage, PAGES.ManagePage),
                  lazyRoute(R.history, PAGES.HistoryPage),
                  lazyRoute(R.compare, PAGES.ComparePage),
                  lazyRoute(R.wordspotting, PAGES.WordspottingPage),
                  lazyRoute(R.assignmentDetails, PAGES.AssignmentDetailsPage),
                  lazyRoute(R.assignmentPreview, PAGES.AssignmentPreviewPage),
                  lazyRoute(R.assignmentSharedRecordings, PAGES.AssignmentSharedRecordingsPage),
                  lazyRoute(R.assignmentCreate, PAGES.AssignmentCreatePage),
                  lazyRoute(R.assignmentEdit, PAGES.AssignmentEditPage),
                  lazyRoute(R.assignmentReorder, PAGES.ReorderPage),
                  { element: <RequireCoach />, children: [lazyRoute(R.reviewQueue, PAGES.ReviewQueuePage)] },
                  {
                    element: <RequireAssignments />,
                    children: [
                      lazyRoute(R.coachDashboard, PAGES.CoachDashboardPage),
                      lazyRoute(R.speakerDashboard, PAGES.SpeakerDashboardPage),
                    ],
                  },
                  {
                    element: <RequireOrgAdmin />,
                    children: [
                      {
                        lazy: { Component: PAGES.AdminArea },
                        children: [
                          lazyRoute(R.customerAdminGroups, PAGES.AdminGroupsPage),
                          lazyRoute(R.customerAdminGroup, PAGES.AdminGroupEditPage),
                          lazyRoute(R.customerAdminGroupUsers, PAGES.AdminGroupMembersPage),
                          lazyRoute(R.customerAdminInvites, PAGES.AdminInvitePage),
                          lazyRoute(R.customerAdminUsers, PAGES.AdminUsersPage),
                          lazyRoute(R.customerAdminUser, PAGES.AdminUserRolesPage),
                          lazyRoute(R.customerAdminUserGroup, PAGES.AdminUserRolesPage),
                          lazyRoute(R.customerAdminPendingInvites, PAGES.AdminPendingInvitesPage),
                          lazyRoute(R.customerAdminPlans, PAGES.AdminPlansPage),
                          lazyRoute(R.customerAdminPrepaidCodes, PAGES.AdminPrepaidCodesPage),
                          lazyRoute(R.customerAdminLedger, PAGES.AdminLedgerPage),
                          lazyRoute(R.customerAdminSettings, PAGES.AdminOrgSettingsPage),
                          lazyRoute(R.customerAdminPracticePrompts, PAGES.AdminPracticePromptsPage),
                          lazyRoute(R.customerAdminLti, PAGES.LtiPlatformsPage),
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// Notifications are cleared on every navigation; a message queued for the next page shows there.
let lastKey = router.state.location.key;
router.subscribe((state) => {
  if (state.location.key === lastKey) return;
  lastKey = state.location.key;
  notifications.onNavigate();
});
