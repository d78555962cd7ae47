import { MSG, todayInBusinessZone, type HouseholdSplit, type HouseholdSplitMode } from '@magiim/shared';
import { AppError } from '../../platform/errors.js';
import type { InviteEvent } from './invitations.repository.js';

/** Answers close once the event's day has passed (Asia/Jerusalem): on the pages and inside the channels. */
export const isClosed = (event: InviteEvent): boolean => todayInBusinessZone() > event.date;

export interface Asked {
  meals: boolean;
  transport: boolean;
}

/** What the event asks this guest besides the answer (the page's fields, the WhatsApp follow-up). */
export const askedOf = (event: InviteEvent, guest: { askMeals: boolean; askTransport: boolean } | null): Asked => ({
  meals: event.meals.ask === 'all_guests' || (event.meals.ask === 'some_guests' && Boolean(guest?.askMeals)),
  transport: event.transport.ask === 'all_guests' || (event.transport.ask === 'some_guests' && Boolean(guest?.askTransport)),
});

/** The split's two counts, as an answer may send them beside `attending`. */
export interface SplitInput {
  adults?: number | undefined;
  children?: number | undefined;
  men?: number | undefined;
  women?: number | undefined;
}

const SPLIT_KEYS = { adultsChildren: ['adults', 'children'], menWomen: ['men', 'women'] } as const;

const splitNotMatching = (path: string) =>
  new AppError('SPLIT_NOT_MATCHING', 'the split does not add up to the people coming', [{ path, message: MSG.splitNotMatching }]);

/**
 * Issue 32, the one rule for every channel (page, WhatsApp, SMS, call): the split of the people coming as the
 * event asks it. Nothing when the event asks none, the guest is not coming, or neither count was given (not told);
 * one count given, the other is the rest of `attending`; both given, they must add up to it. `attending` is
 * checked against the guest's countOfInvites before (RESPONDERS_ABOVE_INVITEES), so the split never exceeds it.
 * Refused with SPLIT_NOT_MATCHING.
 */
export const splitOf = (mode: HouseholdSplitMode, status: string, attending: number | null, input: SplitInput): HouseholdSplit | null => {
  if (mode === 'none' || status !== 'approved' || !attending) return null;
  const [first, second] = SPLIT_KEYS[mode];
  let a = input[first];
  let b = input[second];
  if (a === undefined && b === undefined) return null;
  if (a !== undefined && a > attending) throw splitNotMatching(first);
  if (b !== undefined && b > attending) throw splitNotMatching(second);
  a ??= attending - (b ?? 0);
  b ??= attending - a;
  if (a < 0 || b < 0 || a + b !== attending) throw splitNotMatching(second);
  return mode === 'adultsChildren' ? { adults: a, children: b } : { men: a, women: b };
};

/** The split's counts as answers show them beside `attending` (nothing when not told). */
export const splitFieldsOf = (split: HouseholdSplit | null | undefined): SplitInput => (split ? { ...split } : {});

/** The split kept from an earlier answer when it still adds up to the new head count (a channel that did not ask it again). */
export const keptSplit = (mode: HouseholdSplitMode, split: HouseholdSplit | null, attending: number | null): HouseholdSplit | null => {
  if (!split || mode === 'none' || !attending) return null;
  const matches = mode === 'adultsChildren' ? 'adults' in split : 'men' in split;
  const sum = Object.values(split).reduce<number>((total, n) => total + n, 0);
  return matches && sum === attending ? split : null;
};
