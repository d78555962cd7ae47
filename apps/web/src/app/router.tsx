import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { firstScreenModules, firstScreenModulesFor } from './first-screen/route-modules';
import { ensureFeatureTexts, ensureFirstScreenTexts } from './i18n';
import { GuestOnly } from './routing/guest-only';
import { applyAddressLanguage, LangParam } from './routing/lang-param';
import { ToLightLogin } from './routing/light-login';
import type { LangRouteHandle } from './routing/lang-route';
import { RequireAbility } from './routing/require-ability';
import { RequireSession } from './routing/require-session';
import { RootRoute } from './routing/root-route';
import { RouteErrorPage } from './routing/route-error-page';

// Every page and layout is its own chunk, so /login loads only what /login shows. React Router fetches the
// chunks of the matched routes before the first render (index.html's splash stays up until then) and of
// the next page before it leaves the current one, so no route needs a loading state of its own.
const blankLayout = () => import('./layouts/blank-layout');
// Feature screens need their texts (app/i18n.ts ensureFeatureTexts) before they render; the event list and the
// dashboard opened by address wait only for the texts they show (ensureFirstScreenTexts). Only the first page is
// decided by the address: a later navigation's frame loads before the address changes, and takes every text.
// The first page's frames load while the router is being made (appRouter not yet set) or before it has initialised.
let appRouter: ReturnType<typeof createBrowserRouter> | undefined;
const layoutTexts = (): Promise<void> => {
  const modules = appRouter?.state.initialized ? [] : firstScreenModulesFor(window.location.pathname);
  if (modules.includes('manageEventsPage')) return ensureFirstScreenTexts('eventList');
  if (modules.includes('statisticsPage')) return ensureFirstScreenTexts('dashboard');
  return ensureFeatureTexts();
};
const manageEventsLayout = () => Promise.all([firstScreenModules.manageEventsLayout(), layoutTexts()]).then(([layout]) => layout);
const authPages = {
  register: () => import('../features/auth/pages/register-page'),
  forgotPassword: () => import('../features/auth/pages/forgot-password-page'),
  resetPassword: () => import('../features/auth/pages/reset-password-page'),
  sendVerificationEmail: () => import('../features/auth/pages/send-verification-email-page'),
  verifyEmail: () => import('../features/auth/pages/verify-email-page'),
};
const errorPages = {
  notFound: () => import('../features/errors/pages/not-found-page'),
  notAuthorized: () => import('../features/errors/pages/not-authorized-page'),
};

const pricingPages = {
  page: () => import('../features/billing/pages/pricing-page'),
  order: () => import('../features/billing/pages/order-step'),
  confirmation: () => import('../features/billing/pages/confirmation-step'),
  payment: () => import('../features/billing/pages/payment-step'),
  success: () => import('../features/billing/pages/success-step'),
};

const langHandle = (langBase: string): LangRouteHandle => ({ langBase });

/** Spec §2. Public routes are open; the rest need a session and the route's ability (spec §6). */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    // Nothing while the first page's chunks arrive: #root stays empty and index.html's splash shows.
    HydrateFallback: () => null,
    children: [
      { path: '/', element: <Navigate to="/manage-events" replace /> },
      // Sign-in is its own light page (login.html, src/login-lite): an in-app redirect there loads it.
      { element: <GuestOnly />, children: [{ path: 'login/:lang?', element: <ToLightLogin /> }] },
      {
        lazy: async () => ({ Component: (await blankLayout()).BlankLayout }),
        children: [
          {
            element: <GuestOnly />,
            children: [
              {
                path: 'register/:lang?',
                handle: langHandle('/register'),
                loader: applyAddressLanguage,
                lazy: async () => {
                  const { RegisterPage } = await authPages.register();
                  return {
                    element: (
                      <LangParam base="/register">
                        <RegisterPage />
                      </LangParam>
                    ),
                  };
                },
              },
            ],
          },
          { path: 'send-verification-email', lazy: async () => ({ Component: (await authPages.sendVerificationEmail()).SendVerificationEmailPage }) },
          { path: 'verify-email/:token', lazy: async () => ({ Component: (await authPages.verifyEmail()).VerifyEmailPage }) },
          { path: 'forgot-password', lazy: async () => ({ Component: (await authPages.forgotPassword()).ForgotPasswordPage }) },
          { path: 'reset-password/:token', lazy: async () => ({ Component: (await authPages.resetPassword()).ResetPasswordPage }) },
          {
            // The app's web view hands over to the system browser with a one-time sign-in link (spec §2 /ott).
            path: 'ott',
            lazy: async () => {
              const [{ OttPage }] = await Promise.all([import('../features/auth/pages/ott-page'), ensureFeatureTexts()]);
              return { Component: OttPage };
            },
          },
          { path: 'error-404', lazy: async () => ({ Component: (await errorPages.notFound()).NotFoundPage }) },
          { path: 'not-authorized', lazy: async () => ({ Component: (await errorPages.notAuthorized()).NotAuthorizedPage }) },
        ],
      },
      {
        // Policies: public, also for signed-in users, in a card wide enough to read comfortably.
        lazy: async () => {
          const { BlankLayout } = await blankLayout();
          return { element: <BlankLayout maxWidth="md" /> };
        },
        children: [
          { path: 'terms', lazy: async () => ({ Component: (await import('../features/legal/pages/terms-page')).TermsPage }) },
          { path: 'privacy', lazy: async () => ({ Component: (await import('../features/legal/pages/privacy-page')).PrivacyPage }) },
          {
            // The guest pages link here in the guest's language (/accessibility/ru); the texts are a feature fragment.
            path: 'accessibility/:lang?',
            handle: langHandle('/accessibility'),
            loader: applyAddressLanguage,
            lazy: async () => {
              const [{ AccessibilityPage }] = await Promise.all([import('../features/accessibility/pages/accessibility-page'), ensureFeatureTexts()]);
              return {
                element: (
                  <LangParam base="/accessibility">
                    <AccessibilityPage />
                  </LangParam>
                ),
              };
            },
          },
          // A co-host invitation's link (public: the page asks to sign in or register, then accepts).
          { path: 'cohost-invite/:token', lazy: async () => ({ Component: (await import('../features/cohosts/pages/cohost-invite-page')).CohostInvitePage }) },
        ],
      },
      {
        lazy: async () => {
          const { BlankLayout } = await blankLayout();
          return { element: <BlankLayout wide /> };
        },
        children: [
          {
            path: 'dev/mailbox',
            lazy: async () => ({ Component: (await import('../features/dev-mailbox/pages/dev-mailbox-page')).DevMailboxPage }),
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            // Issue 22: the administration's console, its own bundle; hosts never see a way in.
            path: 'admin/:section?',
            lazy: async () => {
              const { AdminConsolePage } = await import('../features/admin/pages/admin-console-page');
              return {
                element: (
                  <RequireAbility action="manage" subject="all">
                    <AdminConsolePage />
                  </RequireAbility>
                ),
              };
            },
          },
          {
            lazy: async () => ({ Component: (await manageEventsLayout()).ManageEventsLayout }),
            children: [
              {
                path: 'manage-events/:lang?',
                handle: langHandle('/manage-events'),
                loader: applyAddressLanguage,
                lazy: async () => {
                  const { ManageEventsPage } = await firstScreenModules.manageEventsPage();
                  return {
                    element: (
                      <RequireAbility action="read" subject="Event">
                        <LangParam base="/manage-events">
                          <ManageEventsPage />
                        </LangParam>
                      </RequireAbility>
                    ),
                  };
                },
              },
              {
                path: 'create-event/:step?',
                lazy: async () => {
                  const { CreateEventPage } = await import('../features/events/pages/create-event-page');
                  return {
                    element: (
                      <RequireAbility action="create" subject="Event">
                        <CreateEventPage />
                      </RequireAbility>
                    ),
                  };
                },
              },
              {
                path: 'my-orders',
                lazy: async () => {
                  const { MyOrdersPage } = await import('../features/billing/pages/my-orders-page');
                  return {
                    element: (
                      <RequireAbility action="read" subject="Event">
                        <MyOrdersPage />
                      </RequireAbility>
                    ),
                  };
                },
              },
              {
                path: 'FAQS-contact-us',
                lazy: async () => ({ Component: (await import('../features/support/pages/faq-contact-page')).FaqContactPage }),
              },
              {
                path: 'userSettings',
                lazy: async () => {
                  const { UserSettingsPage } = await import('../features/user-settings/pages/user-settings-page');
                  return {
                    element: (
                      <RequireAbility action="update" subject="Account">
                        <UserSettingsPage />
                      </RequireAbility>
                    ),
                  };
                },
              },
            ],
          },
        ],
      },
      {
        // Issue 31: the door, for a host of the event or an usher link without an account (the page decides).
        path: 'event/:id/check-in',
        lazy: async () => {
          const [{ CheckInPage }] = await Promise.all([import('../features/checkin/pages/check-in-page'), ensureFeatureTexts()]);
          return { Component: CheckInPage };
        },
      },
      {
        // The event dashboard (spec §2): the content layout, its side menu and tabs, one child per screen.
        element: <RequireSession />,
        children: [
          {
            path: 'event/:id',
            lazy: async () => {
              const [{ EventLayout }] = await Promise.all([firstScreenModules.eventLayout(), layoutTexts()]);
              return {
                element: (
                  <RequireAbility action="manage" subject="Event">
                    <EventLayout />
                  </RequireAbility>
                ),
              };
            },
            children: [
              { index: true, element: <Navigate to="statistics" replace /> },
              {
                path: 'statistics',
                lazy: async () => ({ Component: (await firstScreenModules.statisticsPage()).StatisticsPage }),
              },
              {
                path: 'settings/:step?',
                lazy: async () => ({ Component: (await import('../features/events/pages/event-settings-page')).EventSettingsPage }),
              },
              { path: 'guest/list', lazy: async () => ({ Component: (await import('../features/guests/pages/guest-list-page')).GuestListPage }) },
              {
                path: 'guest/edit/:guestID',
                lazy: async () => ({ Component: (await import('../features/guests/pages/guest-edit-page')).GuestEditPage }),
              },
              {
                path: 'guest/groups',
                lazy: async () => ({ Component: (await import('../features/guests/pages/guest-groups-page')).GuestGroupsPage }),
              },
              {
                path: 'message-template',
                lazy: async () => ({ Component: (await import('../features/messaging/pages/message-templates-page')).MessageTemplatesPage }),
              },
              {
                path: 'call-messages',
                lazy: async () => ({ Component: (await import('../features/calls/pages/call-messages-page')).CallMessagesPage }),
              },
              {
                path: 'my-expenses',
                lazy: async () => ({ Component: (await import('../features/expenses/pages/expenses-page')).ExpensesPage }),
              },
              {
                path: 'gifts',
                lazy: async () => ({ Component: (await import('../features/gifts/pages/gifts-page')).GiftsPage }),
              },
              {
                // Issue 32: the gifts received (private to the hosts).
                path: 'gifts-ledger',
                lazy: async () => ({ Component: (await import('../features/gift-ledger/pages/gift-ledger-page')).GiftLedgerPage }),
              },
              {
                // Issue 31: the floor plan and the guests' tables; the hall's print view.
                path: 'seating',
                lazy: async () => ({ Component: (await import('../features/seating/pages/seating-page')).SeatingPage }),
              },
              {
                path: 'seating/print',
                lazy: async () => ({ Component: (await import('../features/seating/pages/seating-print-page')).SeatingPrintPage }),
              },
              {
                path: 'guest/timing',
                lazy: async () => ({ Component: (await import('../features/messaging/pages/action-timing-page')).ActionTimingPage }),
              },
              {
                path: 'guest/answers',
                lazy: async () => ({ Component: (await import('../features/invitations/pages/guest-answers-page')).GuestAnswersPage }),
              },
            ],
          },
          {
            // Checkout (spec §2: blank layout), one URL per step; the provider returns to payment or success.
            path: 'pricing/:id',
            lazy: async () => {
              const [{ BlankLayout }] = await Promise.all([blankLayout(), ensureFeatureTexts()]);
              return {
                element: (
                  <RequireAbility action="manage" subject="Event">
                    <BlankLayout maxWidth="md" />
                  </RequireAbility>
                ),
              };
            },
            children: [
              {
                lazy: async () => ({ Component: (await pricingPages.page()).PricingPage }),
                children: [
                  { index: true, element: <Navigate to="order" replace /> },
                  { path: 'order', lazy: async () => ({ Component: (await pricingPages.order()).OrderStep }) },
                  { path: 'confirmation', lazy: async () => ({ Component: (await pricingPages.confirmation()).ConfirmationStep }) },
                  { path: 'payment', lazy: async () => ({ Component: (await pricingPages.payment()).PaymentStep }) },
                  { path: 'success', lazy: async () => ({ Component: (await pricingPages.success()).SuccessStep }) },
                ],
              },
            ],
          },
          // The previews (spec §2: blank layout): the guest's page in a frame under a slim bar, no side menu.
          ...(['invitation', 'navigate'] as const).map(
            (kind): RouteObject => ({
              path: `event/:id/${kind}`,
              lazy: async () => {
                const [{ InvitationPreviewPage }] = await Promise.all([import('../features/invitations/pages/invitation-preview-page'), ensureFeatureTexts()]);
                return {
                  element: (
                    <RequireAbility action="manage" subject="Event">
                      <InvitationPreviewPage kind={kind} />
                    </RequireAbility>
                  ),
                };
              },
            }),
          ),
        ],
      },
      // Unknown paths show the not-found page at the typed address, which stays in the history.
      {
        lazy: async () => ({ Component: (await blankLayout()).BlankLayout }),
        children: [{ path: '*', lazy: async () => ({ Component: (await errorPages.notFound()).NotFoundPage }) }],
      },
    ],
  },
];

export const createAppRouter = () => (appRouter = createBrowserRouter(routes));
