import { GUEST_SIDES, sideLabelOf, type EventStatsDto, type GuestSide, type Lang, type SideLabels } from '@magiim/shared';

// Issue 32: the couple's sides on the host's screens (the labels the host set, else "Side A"/"Side B" translated).

export type SideFilter = GuestSide | 'none';
const SIDE_FILTERS: readonly string[] = [...GUEST_SIDES, 'none'];

/** The side selector's options in order: side A, side B, both (the "none" choice is the caller's). */
export const sideOptions = (labels: SideLabels | null | undefined, lang: Lang): { value: GuestSide; label: string }[] =>
  GUEST_SIDES.map((side) => ({ value: side, label: sideLabelOf(side, labels, lang) }));

/** The list's `side` address parameter as a filter, or '' (all sides) when absent or unknown. */
export const sideFilterOf = (param: string | null): SideFilter | '' => (param !== null && SIDE_FILTERS.includes(param) ? (param as SideFilter) : '');

/** The list's `withChildren` address parameter: only `true`/`false` filter. */
export const withChildrenOf = (param: string | null): 'true' | 'false' | '' => (param === 'true' || param === 'false' ? param : '');

type SideStatsRow = NonNullable<EventStatsDto['bySide']>[number];
type GroupStatsRow = EventStatsDto['byGroup'][number];

/** The statistics by side are worth a section once any guest has a side. */
export const hasSides = (bySide: EventStatsDto['bySide']): bySide is SideStatsRow[] => Boolean(bySide?.some((row) => row.side !== 'none' && row.guests > 0));

/** The sides' figures in the shape of the groups' bars (A, B, both, then guests without a side), named in `lang`. */
export const sideBarsRowsOf = (bySide: SideStatsRow[], labels: SideLabels | null | undefined, lang: Lang, noSide: string): GroupStatsRow[] => {
  const order: SideFilter[] = [...GUEST_SIDES, 'none'];
  return [...bySide]
    .sort((x, y) => order.indexOf(x.side) - order.indexOf(y.side))
    .map((row) => ({
      groupId: row.side,
      name: row.side === 'none' ? noSide : sideLabelOf(row.side, labels, lang),
      invited: row.invited,
      attending: row.attending,
      declined: row.declined,
      maybe: row.maybe,
      noAnswer: row.noAnswer,
    }));
};
