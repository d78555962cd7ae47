import {
  CALL_PARTS,
  CALL_PLACEHOLDERS,
  type CallPart,
  type CallPlaceholder,
  type CallScriptParts,
  type EventDto,
  type Lang,
  PackageId,
  type VoiceTemplatesResponse,
} from '@magiim/shared';
import { placeholderValues } from '../messaging/template-fill';

/** Invites of the sample guest when the list is empty: two, so the preview also reads the count question. */
export const SAMPLE_COUNT_OF_INVITES = 2;

export const EMPTY_PARTS: CallScriptParts = { greeting: '', invitation: '', question: '', count: '', closing: '' };

/** The script a host sees for `lang`: their own when they saved one, else the default, else empty parts. */
export const scriptFor = (data: VoiceTemplatesResponse, lang: Lang): { parts: CallScriptParts; own: boolean } => {
  const own = data.templates.find((template) => template.lang === lang);
  if (own) return { parts: own.parts, own: true };
  return { parts: data.defaults.find((template) => template.lang === lang)?.parts ?? EMPTY_PARTS, own: false };
};

/** The default script of `lang` (empty parts when the server sent none). */
export const defaultFor = (data: VoiceTemplatesResponse, lang: Lang): CallScriptParts =>
  data.defaults.find((template) => template.lang === lang)?.parts ?? EMPTY_PARTS;

/** The values a call says for one guest: the event's name, date, time and place, the guest's name and invites. */
export const callPlaceholderValues = (
  event: EventDto,
  lang: Lang,
  guest: { fullName: string; countOfInvites: number },
): Record<CallPlaceholder, string> => {
  const values = placeholderValues(event, lang, guest.fullName);
  return {
    guestName: values.guestName,
    eventName: values.eventName,
    date: values.date,
    time: values.time,
    place: values.place,
    countOfInvites: String(guest.countOfInvites),
  };
};

const isCallPlaceholder = (name: string): name is CallPlaceholder => (CALL_PLACEHOLDERS as readonly string[]).includes(name);

/** Fills the known placeholders; an unknown one stays as typed. The text is trimmed as the server stores it. */
export const fillCallText = (text: string, values: Record<CallPlaceholder, string>): string =>
  text.replace(/\{([^{}]*)\}/g, (whole, name: string) => (isCallPlaceholder(name) ? values[name] : whole)).trim();

/**
 * What a guest who presses 1 hears, in order: greeting, invitation, question, then (more than one invite) the
 * count question, and the closing line. Empty parts are left out.
 */
export const callSequence = (parts: CallScriptParts, values: Record<CallPlaceholder, string>): { part: CallPart; text: string }[] =>
  CALL_PARTS.filter((part) => part !== 'count' || Number(values.countOfInvites) > 1)
    .map((part) => ({ part, text: fillCallText(parts[part], values) }))
    .filter((item) => item.text.length > 0);

/** The parts whose text differs from the saved one (surrounding spaces and line endings do not count). */
export const changedParts = (current: CallScriptParts, saved: CallScriptParts): CallPart[] => {
  const norm = (text: string) => text.replace(/\r\n?/g, '\n').trim();
  return CALL_PARTS.filter((part) => norm(current[part]) !== norm(saved[part]));
};

/** True when the form holds something else than what the server has. */
export const isScriptDirty = (current: CallScriptParts, saved: CallScriptParts): boolean => changedParts(current, saved).length > 0;

/** True when every part equals the default (nothing to restore). */
export const isDefaultScript = (current: CallScriptParts, defaults: CallScriptParts): boolean => !isScriptDirty(current, defaults);

/** Inserts `{name}` at the caret (or over the selection); returns the text and where the caret goes. */
export const insertPlaceholder = (text: string, start: number, end: number, name: CallPlaceholder): { text: string; caret: number } => {
  const token = `{${name}}`;
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
};

/** Calls are editable only on a paid premium event (spec §6: `orderPackageId` 2). */
export const isPremiumEvent = (event: Pick<EventDto, 'orderPackageId'>): boolean => event.orderPackageId === PackageId.PREMIUM;
