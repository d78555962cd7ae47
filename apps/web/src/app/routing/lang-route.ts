import type { UIMatch } from 'react-router';

/** Route handle of the pages whose path ends in an optional `:lang` (spec §2). */
export interface LangRouteHandle {
  langBase: string;
}

const isLangRouteHandle = (handle: unknown): handle is LangRouteHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as LangRouteHandle).langBase === 'string';

export const findLangBase = (matches: readonly UIMatch[]): string | undefined => {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isLangRouteHandle(handle)) return handle.langBase;
  }
  return undefined;
};

export const langRoutePath = (langBase: string, lang: string, search = ''): string => `${langBase}/${lang}${search}`;
