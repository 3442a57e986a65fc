import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import type { ReactNode } from 'react';
import type { TRouteDef } from '@rostrum/contract';
import { ConfirmCodePage } from '../features/join/confirm-code-page';
import { EmailNotificationsPage } from '../features/account/email-notifications-page';
import { ProfilePage } from '../features/account/profile-page';
import { AdminArea } from '../features/admin/admin-area';
import { AdminGroupsPage } from '../features/admin/admin-groups-page';
import { AdminGroupEditPage } from '../features/admin/admin-group-edit-page';
import { AdminGroupMembersPage } from '../features/admin/admin-group-members-page';
import { AdminInvitePage } from '../features/admin/admin-invite-page';
import { AdminPendingInvitesPage } from '../features/admin/admin-pending-invites-page';
import { AdminUserRolesPage } from '../features/admin/admin-user-roles-page';
import { AdminUsersPage } from '../features/admin/admin-users-page';
import { JoinRedirect } from '../features/auth/join-redirect';
import { PasswordForgotPage } from '../features/auth/password-forgot-page';
import { PasswordResetPage } from '../features/auth/password-reset-page';
import { SignInPage } from '../features/auth/sign-in-page';
import { SignOutPage } from '../features/auth/sign-out-page';
import { SignUpPage } from '../features/auth/sign-up-page';
import { HelpPage } from '../features/help/help-page';
import { HistoryPage } from '../features/history/history-page';
import { HomeRoute } from '../features/landing/home-route';
import { ManagePage } from '../features/manage/manage-page';
import { RecordPage } from '../features/intake/record-page';
import { HomeIntakeRoute } from '../features/intake/home-intake-route';
import { RecordingPage } from '../features/results/recording-page';
import { ResultsListPage } from '../features/results/results-list-page';
import { SubscriptionPage } from '../features/subscription/subscription-page';
import { UnsubscribePage } from '../features/unsubscribe/unsubscribe-page';
import { notifications } from './notification-store';
import { RootLayout, type RouteHandle } from './root-layout';
import { RequireAuth, RequireOrgAdmin } from './route-guard';
import { WEB_ROUTES as R } from './route-paths';

const route = (def: TRouteDef, element: ReactNode): RouteObject => ({
  path: def.path,
  element,
  handle: { route: def } satisfies RouteHandle,
});

/** The route table (000 section 2.1, 002 section 2.1): public pages, then pages behind the guard. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      route(R.home, <HomeRoute />),
      route(R.signIn, <SignInPage />),
      route(R.signUp, <SignUpPage />),
      route(R.signOut, <SignOutPage />),
      route(R.passwordForgot, <PasswordForgotPage />),
      route(R.passwordReset, <PasswordResetPage />),
      route(R.join, <JoinRedirect />),
      route(R.unsubscribe, <UnsubscribePage />),
      {
        element: <RequireAuth />,
        children: [
          route(R.confirmCode, <ConfirmCodePage />),
          route(R.profile, <ProfilePage />),
          route(R.emailNotifications, <EmailNotificationsPage />),
          route(R.help, <HelpPage />),
          route(R.subscription, <SubscriptionPage />),
          route(R.homeIntake, <HomeIntakeRoute />),
          route(R.record, <RecordPage />),
          route(R.evaluate, <ResultsListPage />),
          route(R.evaluateRecording, <RecordingPage />),
          route(R.manage, <ManagePage />),
          route(R.history, <HistoryPage />),
          {
            element: <RequireOrgAdmin />,
            children: [
              {
                element: <AdminArea />,
                children: [
                  route(R.customerAdminGroups, <AdminGroupsPage />),
                  route(R.customerAdminGroup, <AdminGroupEditPage />),
                  route(R.customerAdminGroupUsers, <AdminGroupMembersPage />),
                  route(R.customerAdminInvites, <AdminInvitePage />),
                  route(R.customerAdminUsers, <AdminUsersPage />),
                  route(R.customerAdminUser, <AdminUserRolesPage />),
                  route(R.customerAdminUserGroup, <AdminUserRolesPage />),
                  route(R.customerAdminPendingInvites, <AdminPendingInvitesPage />),
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
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
