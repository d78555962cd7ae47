import { PLATFORMS, type Platform } from '@magiim/shared';

const PLATFORM_SESSION_KEY = 'platform';

interface PlatformSources {
  search: string;
  session: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  hasNativeBridge: boolean;
  userAgent: string;
}

const isPlatform = (value: unknown): value is Platform =>
  typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);

/**
 * The mobile app opens the site with `?platform=ios|android`; the first load remembers it for the tab.
 * A React Native web view without the parameter is recognised by its bridge object.
 */
export const detectPlatform = ({ search, session, hasNativeBridge, userAgent }: PlatformSources): Platform => {
  const fromQuery = new URLSearchParams(search).get('platform');
  if (isPlatform(fromQuery)) {
    session?.setItem(PLATFORM_SESSION_KEY, fromQuery);
    return fromQuery;
  }
  const remembered = session?.getItem(PLATFORM_SESSION_KEY);
  if (isPlatform(remembered)) return remembered;
  if (hasNativeBridge) return /android/i.test(userAgent) ? 'android' : 'ios';
  return 'web';
};

let detected: Platform | undefined;

export const currentPlatform = (): Platform => {
  if (detected) return detected;
  if (typeof window === 'undefined') return 'web';
  detected = detectPlatform({
    search: window.location.search,
    session: window.sessionStorage,
    hasNativeBridge: 'ReactNativeWebView' in window,
    userAgent: window.navigator.userAgent,
  });
  return detected;
};

export const isInWebView = (): boolean => currentPlatform() !== 'web';
