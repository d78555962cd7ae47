import type { Lang } from '@magiim/shared';

/** Each language by its own name, so a reader finds theirs whatever the page's language is now. */
export const NATIVE_NAMES: Record<Lang, string> = { he: 'עברית', en: 'English', ru: 'Русский', ar: 'العربية' };
