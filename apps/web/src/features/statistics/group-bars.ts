import type { EventStatsDto } from '@magiim/shared';

export const GROUP_SEGMENTS = ['attending', 'maybe', 'noAnswer', 'declined'] as const;
export type GroupSegment = (typeof GROUP_SEGMENTS)[number];

export interface GroupBar {
  key: string;
  groupId: string | null;
  name: string | null;
  invited: number;
  attending: number;
  /** The bar's length, as a percentage of the largest group's invited people, so groups compare at a glance. */
  length: number;
  /** Each part as a percentage of this group's invited people (of the bar, not of the track). */
  segments: { kind: GroupSegment; people: number; percent: number }[];
}

const percentOf = (part: number, whole: number): number => Math.round((part / whole) * 1000) / 10;

/**
 * The attendance-by-group chart's bars. People of an approved guest who will not come (3 invited, 2 coming)
 * belong to no segment: the bar's track shows them as the remainder.
 */
export const groupBars = (rows: EventStatsDto['byGroup']): GroupBar[] => {
  const largest = Math.max(1, ...rows.map((row) => row.invited));
  return rows.map((row) => ({
    key: row.groupId ?? 'none',
    groupId: row.groupId,
    name: row.name,
    invited: row.invited,
    attending: row.attending,
    length: percentOf(row.invited, largest),
    segments: GROUP_SEGMENTS.filter((kind) => row[kind] > 0).map((kind) => ({ kind, people: row[kind], percent: percentOf(row[kind], row.invited) })),
  }));
};
