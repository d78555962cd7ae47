import type { Lang, PlaceSuggestion } from '@magiim/shared';
import type { PlaceDetails, PlacesProvider } from './index.js';
import { foldForSearch, israeliLocalities, type Locality } from './israeli-localities.js';

const COUNTRY: Record<Lang, string> = { he: 'ישראל', en: 'Israel', ru: 'Израиль', ar: 'إسرائيل' };
const MAX_SUGGESTIONS = 8;

const nameIn = (locality: Locality, lang: Lang) => locality.names[lang] || locality.names.he;
const addressIn = (locality: Locality, lang: Lang) => {
  const zone = locality.zones[lang] || locality.zones.he;
  return zone ? `${zone}, ${COUNTRY[lang]}` : COUNTRY[lang];
};

/**
 * The offline default: Israeli localities, searchable in Hebrew, English, Russian and Arabic. Names that
 * start with the query come first, then names with a word that starts with it, then any match; whole cities
 * before their districts.
 */
export const createSandboxPlaces = (): PlacesProvider => ({
  name: 'israeli-localities',
  async suggest(query: string, lang: Lang): Promise<PlaceSuggestion[]> {
    const folded = foldForSearch(query);
    if (!folded) return [];
    const scored: { locality: Locality; score: number }[] = [];
    for (const locality of israeliLocalities()) {
      let best = -1;
      for (const [index, key] of locality.keys.entries()) {
        const isName = index < 4;
        const score = key.startsWith(folded) ? 3 : key.includes(` ${folded}`) ? 2 : key.includes(folded) ? 1 : -1;
        if (score < 0) continue;
        best = Math.max(best, isName ? score * 2 : score);
      }
      if (best >= 0) scored.push({ locality, score: best * 4 + (locality.isBigCity ? 2 : locality.isCity ? 1 : 0) });
    }
    scored.sort((a, b) => b.score - a.score || nameIn(a.locality, lang).length - nameIn(b.locality, lang).length);
    return scored.slice(0, MAX_SUGGESTIONS).map(({ locality }) => ({
      placeId: locality.placeId,
      name: nameIn(locality, lang),
      address: addressIn(locality, lang),
      center: { lat: locality.lat, lng: locality.lng },
    }));
  },
  async details(placeId: string, lang: Lang): Promise<PlaceDetails | null> {
    const locality = israeliLocalities().find((candidate) => candidate.placeId === placeId);
    if (!locality) return null;
    return { placeId, name: nameIn(locality, lang), address: addressIn(locality, lang), lat: locality.lat, lng: locality.lng };
  },
});
