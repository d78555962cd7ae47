import type { EventStatsDto } from '@magiim/shared';

export const GROUP_SEGMENTS = ['attending', 'maybe', 'noAnswer', 'declined'] as const;
export type GroupSegment = (typeof GROUP_SEGMENTS)[number];
/** People of the group in no answer above: the rest of a family that comes in part, and wrong numbers. */
export type BarSegment = GroupSegment | 'other';

export interface GroupBar {
  key: string;
  groupId: string | null;
  name: string | null;
  invited: number;
  attending: number;
  /**
   * The group's people from coming to the rest, each as a percentage of this group's invited people, so every
   * bar is its own 100% (a group of 4 and one of 200 read alike). Only parts with people; a group with no one
   * invited has none, and its track stays empty.
   */
  segments: { kind: BarSegment; people: number; percent: number }[];
}

const percentOf = (part: number, whole: number): number => Math.round((part / whole) * 1000) / 10;

/** The attendance-by-group chart's bars, coming first. */
export const groupBars = (rows: EventStatsDto['byGroup']): GroupBar[] =>
  rows.map((row) => {
    const answered = GROUP_SEGMENTS.reduce((sum, kind) => sum + row[kind], 0);
    const parts: { kind: BarSegment; people: number }[] = [
      ...GROUP_SEGMENTS.map((kind) => ({ kind, people: row[kind] })),
      { kind: 'other', people: Math.max(0, row.invited - answered) },
    ];
    return {
      key: row.groupId ?? 'none',
      groupId: row.groupId,
      name: row.name,
      invited: row.invited,
      attending: row.attending,
      segments: row.invited > 0 ? parts.filter((part) => part.people > 0).map((part) => ({ ...part, percent: percentOf(part.people, row.invited) })) : [],
    };
  });

/** Whether any bar has people outside the four answers (the legend names that part only then). */
export const hasOtherPeople = (bars: GroupBar[]): boolean => bars.some((bar) => bar.segments.some((segment) => segment.kind === 'other'));
