import { todayInBusinessZone } from '@magiim/shared';
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
