/**
 * The texts the light sign-in page shows, as paths into `i18n/locales/<lang>.json` (a path takes its whole
 * subtree). The build keeps only these (vite.config.ts, `locales/<lang>.json?login`), so /login carries a few
 * KB of text instead of every account page's. Runs in the browser and in Vite's config: no imports.
 */
export const LOGIN_TEXT_KEYS = [
  'app',
  'brand',
  'language.current',
  'footer',
  'legal.nav',
  'legal.terms.title',
  'legal.privacy.title',
  'common.close',
  'common.showPassword',
  'common.hidePassword',
  'toast.rateLimited',
  'toast.rateLimitedAt',
  'auth.fields.email',
  'auth.fields.password',
  'auth.login',
  'auth.google.unavailable',
  'errors',
  'validation.required',
  'validation.maxChars',
  'validation.invalidEmail',
  'validation.invalidValue',
] as const;

type Tree = { [key: string]: unknown };

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parts of a locale tree named by `keys`, in the same shape; paths the tree lacks are left out. */
export const pickTexts = (tree: Tree, keys: readonly string[] = LOGIN_TEXT_KEYS): Tree => {
  const picked: Tree = {};
  for (const key of keys) {
    const parts = key.split('.');
    let from: unknown = tree;
    for (const part of parts) from = isTree(from) ? from[part] : undefined;
    if (from === undefined) continue;
    let into = picked;
    for (const part of parts.slice(0, -1)) {
      const next = into[part];
      into = isTree(next) ? next : (into[part] = {});
    }
    into[parts[parts.length - 1]!] = from;
  }
  return picked;
};
