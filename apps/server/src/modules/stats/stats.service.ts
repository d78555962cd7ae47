import type { EventStatsDto, MealCounts } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { requireEventAccess } from '../events/event-access.js';
import * as repo from './stats.repository.js';

const RECENT = 10;

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

export const getEventStats = async (ctx: AppContext, userId: string, eventId: string): Promise<EventStatsDto> => {
  await requireEventAccess(ctx.db, userId, eventId, 'read');
  const [totals, recent, changed, groups, sides, meals, transport, progress, split] = await Promise.all([
    repo.totalsOf(ctx.db, eventId),
    repo.recentResponses(ctx.db, eventId, RECENT),
    repo.changedDecisions(ctx.db, eventId, RECENT),
    repo.byGroup(ctx.db, eventId),
    repo.bySide(ctx.db, eventId),
    repo.mealTotals(ctx.db, eventId),
    repo.transportTotals(ctx.db, eventId),
    repo.progressStatusOf(ctx.db, eventId),
    repo.splitTotals(ctx.db, eventId),
  ]);
  // Spec §3: before the event is paid or started, not-answered guests are "pending"; after, "inProgress".
  const notAnswered = totals.pending + totals.inProgress;
  return {
    guests: totals.guests,
    invited: totals.invited,
    attending: totals.attending,
    approved: totals.approved,
    partiallyComing: totals.partiallyComing,
    declined: totals.declined,
    maybe: totals.maybe,
    noAnswer: notAnswered,
    wrongNumber: totals.wrongNumber,
    viewed: totals.viewed,
    guestStats:
      progress > 0
        ? { inProgress: notAnswered, changedDecision: totals.changedDecision }
        : { pending: notAnswered, changedDecision: totals.changedDecision },
    recentResponses: recent.map((row) => ({ ...row, answeredAt: iso(row.answeredAt) })),
    changedDecisions: changed.map((row) => ({ ...row, answeredAt: iso(row.answeredAt) })),
    byGroup: groups,
    bySide: sides,
    meals: Object.fromEntries(meals.map((row) => [row.meal, row.people])) as MealCounts,
    transport: Object.fromEntries(transport.map((row) => [row.option, row.people])),
    ...(split.mode !== 'none' ? { split: { adults: split.adults, children: split.children, men: split.men, women: split.women, notTold: split.notTold } } : {}),
  };
};
