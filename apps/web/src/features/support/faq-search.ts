/**
 * Text as the FAQ search compares it: case, Hebrew points and cantillation, Arabic harakat and tatweel,
 * accents and Russian ё do not count, so "שֶׁלִּי" finds "שלי" and "ROUNDS" finds "rounds".
 */
export const foldForSearch = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u0591-\u05c7\u064b-\u065f\u0670\u0640]/g, '')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\u05f3\u05f4'"`’“”„«».,;:!?()\-–—/]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** True when every word of the query appears in the text (as the start of a word or inside it). */
export const matchesQuery = (text: string, query: string): boolean => {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldForSearch(text);
  return words.every((word) => haystack.includes(word));
};
