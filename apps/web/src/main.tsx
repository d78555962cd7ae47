// Self-hosted faces; each file covers one script (unicode-range), so a page loads only the scripts it shows.
import '@fontsource-variable/rubik';
import '@fontsource-variable/noto-sans-arabic';
import { startEarlyRequests } from './app/first-screen/early-requests';
import { preloadFirstScreen } from './app/first-screen/route-modules';
import { preloadLanguage } from './app/first-screen/language-preload';
import { currentPlatform } from './app/platform';
import { readSession } from './app/session';

// The entry is small and runs as soon as it arrives: it asks for the first screen's data and code at once, while
// React, MUI and the app (app/start.tsx, preloaded by index.html) are still downloading, instead of after them.
// Read `?platform=` before the router may rewrite the address.
currentPlatform();
const early = startEarlyRequests(location.pathname);
preloadLanguage();
// A visitor without a session is sent to the sign-in page: the signed-in screens' code would only slow that down.
if (readSession()) preloadFirstScreen(location.pathname);
void import('./app/start').then(({ start }) => start(early));
