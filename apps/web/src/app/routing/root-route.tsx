import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useConfig } from '../../features/config/api';
import { supportWidgetTarget } from '../../features/support/support-widget-visibility';
import { ensureFeatureTexts } from '../i18n';

// Its own chunk, fetched only where it shows and only when the deployment has a number, with its texts.
const SupportChatWidget = lazy(() =>
  Promise.all([import('../../features/support/components/support-chat-widget'), ensureFeatureTexts()]).then(([module]) => ({
    default: module.SupportChatWidget,
  })),
);

export function RootRoute() {
  const { pathname } = useLocation();
  const support = supportWidgetTarget(pathname);
  const number = useConfig().data?.supportWhatsappNumber;
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      {support.visible && number ? (
        <Suspense fallback={null}>
          <SupportChatWidget number={number} eventId={support.eventId} />
        </Suspense>
      ) : null}
    </>
  );
}
