import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { RegisterPage } from '../features/auth/pages/register-page';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page';
import { SendVerificationEmailPage } from '../features/auth/pages/send-verification-email-page';
import { VerifyEmailPage } from '../features/auth/pages/verify-email-page';
import { DevMailboxPage } from '../features/dev-mailbox/pages/dev-mailbox-page';
import { NotAuthorizedPage } from '../features/errors/pages/not-authorized-page';
import { NotFoundPage } from '../features/errors/pages/not-found-page';
import { CreateEventPage } from '../features/events/pages/create-event-page';
import { ManageEventsPage } from '../features/events/pages/manage-events-page';
import { PrivacyPage } from '../features/legal/pages/privacy-page';
import { TermsPage } from '../features/legal/pages/terms-page';
import { UserSettingsPage } from '../features/user-settings/pages/user-settings-page';
import { BlankLayout } from './layouts/blank-layout';
import { ManageEventsLayout } from './layouts/manage-events-layout';
import { GuestOnly } from './routing/guest-only';
import { LangParam } from './routing/lang-param';
import type { LangRouteHandle } from './routing/lang-route';
import { RequireAbility } from './routing/require-ability';
import { RequireSession } from './routing/require-session';
import { RootRoute } from './routing/root-route';
import { RouteErrorPage } from './routing/route-error-page';

const langHandle = (langBase: string): LangRouteHandle => ({ langBase });

/** Spec §2. Public routes are open; the rest need a session and the route's ability (spec §6). */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <Navigate to="/manage-events" replace /> },
      {
        element: <BlankLayout />,
        children: [
          {
            element: <GuestOnly />,
            children: [
              {
                path: 'login/:lang?',
                handle: langHandle('/login'),
                element: (
                  <LangParam base="/login">
                    <LoginPage />
                  </LangParam>
                ),
              },
              {
                path: 'register/:lang?',
                handle: langHandle('/register'),
                element: (
                  <LangParam base="/register">
                    <RegisterPage />
                  </LangParam>
                ),
              },
            ],
          },
          { path: 'send-verification-email', element: <SendVerificationEmailPage /> },
          { path: 'verify-email/:token', element: <VerifyEmailPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password/:token', element: <ResetPasswordPage /> },
          { path: 'error-404', element: <NotFoundPage /> },
          { path: 'not-authorized', element: <NotAuthorizedPage /> },
        ],
      },
      {
        // Policies: public, also for signed-in users, in a card wide enough to read comfortably.
        element: <BlankLayout maxWidth="md" />,
        children: [
          { path: 'terms', element: <TermsPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
        ],
      },
      {
        element: <BlankLayout wide />,
        children: [{ path: 'dev/mailbox', element: <DevMailboxPage /> }],
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <ManageEventsLayout />,
            children: [
              {
                path: 'manage-events/:lang?',
                handle: langHandle('/manage-events'),
                element: (
                  <RequireAbility action="read" subject="Event">
                    <LangParam base="/manage-events">
                      <ManageEventsPage />
                    </LangParam>
                  </RequireAbility>
                ),
              },
              {
                path: 'create-event/:step?',
                element: (
                  <RequireAbility action="create" subject="Event">
                    <CreateEventPage />
                  </RequireAbility>
                ),
              },
              {
                path: 'userSettings',
                element: (
                  <RequireAbility action="update" subject="Account">
                    <UserSettingsPage />
                  </RequireAbility>
                ),
              },
            ],
          },
        ],
      },
      // Unknown paths show the not-found page at the typed address, which stays in the history.
      { element: <BlankLayout />, children: [{ path: '*', element: <NotFoundPage /> }] },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
