import type { Lang } from './enums.js';
import type { LocalizedText } from './event-location.js';

export interface TransportOptions {
  options: string[];
  translations?: LocalizedText[];
}

/** What guests reading `lang` see for option `index`: its translation, else the text the host wrote. */
export const transportOptionLabel = (transport: TransportOptions, index: number, lang: Lang): string =>
  transport.translations?.[index]?.[lang]?.trim() || transport.options[index] || '';

/** The labels of every option in `lang`, in the options' order. */
export const transportOptionLabels = (transport: TransportOptions, lang: Lang): string[] =>
  transport.options.map((_option, index) => transportOptionLabel(transport, index, lang));

/** Stored transport (any earlier shape) as the API answers it: one translation entry per option. */
export const normalizeTransport = <T extends { ask: string; options: string[]; translations?: LocalizedText[] }>(
  transport: T,
): T & { translations: LocalizedText[] } => ({
  ...transport,
  translations: transport.options.map((_option, index) => ({ ...(transport.translations?.[index] ?? {}) })),
});
