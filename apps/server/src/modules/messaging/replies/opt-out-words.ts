import { OPT_OUT_WORDS } from '@magiim/shared';

/** Besides the shared words: the forms people also send ("הסרה", "unsubscribe"), as providers.md §1.9 lists. */
const EXTRA_WORDS = ['הסרה', 'unsubscribe'];
const WORDS = new Set([...OPT_OUT_WORDS, ...EXTRA_WORDS].map((word) => foldOf(word)));

/**
 * Compared as a whole message: case-folded, without spaces (so "ה ס ר" counts), direction and zero-width marks,
 * Arabic diacritics and tatweel, and without punctuation around it ("STOP!", ".הסר").
 */
function foldOf(text: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase('und')
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[\s\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/gu, '')
    .replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '');
}

export const isOptOutText = (text: string): boolean => WORDS.has(foldOf(text));
