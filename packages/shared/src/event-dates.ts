import { MIN_DAYS_BEFORE_EVENT_TO_ORDER } from './constants.js';
import { daysBetween, todayInBusinessZone } from './dates.js';
import type { ErrorCode } from './errors.js';

export interface EventDateProblem {
  code: Extract<ErrorCode, 'EVENT_DATE_PASSED' | 'EVENT_DATE_TOO_CLOSE' | 'RSVP_START_DATE_PASSED' | 'RSVP_START_AFTER_EVENT'>;
  field: 'date' | 'rsvpStartDate';
}

/**
 * Spec §5: the event date is not in the past and not too close for ordering; the RSVP start date is not in
 * the past and not after the event. Only the dates being set are checked (an edit that leaves a past date
 * alone is not refused for it).
 */
export const checkEventDates = (
  value: { date?: string; rsvpStartDate?: string },
  current: { date?: string } = {},
  today: string = todayInBusinessZone(),
): EventDateProblem | null => {
  if (value.date !== undefined) {
    const days = daysBetween(today, value.date);
    if (days < 0) return { code: 'EVENT_DATE_PASSED', field: 'date' };
    if (days < MIN_DAYS_BEFORE_EVENT_TO_ORDER) return { code: 'EVENT_DATE_TOO_CLOSE', field: 'date' };
  }
  if (value.rsvpStartDate !== undefined) {
    if (daysBetween(today, value.rsvpStartDate) < 0) return { code: 'RSVP_START_DATE_PASSED', field: 'rsvpStartDate' };
    const eventDate = value.date ?? current.date;
    if (eventDate && daysBetween(value.rsvpStartDate, eventDate) < 0) return { code: 'RSVP_START_AFTER_EVENT', field: 'rsvpStartDate' };
  }
  return null;
};
