import type { EventDto } from '@magiim/shared';
import { useOutletContext } from 'react-router';

/** What the event dashboard frame gives every screen inside it. */
export interface EventOutletContext {
  event: EventDto;
}

/** The event of the dashboard this screen is in (`/event/:id/...`), as the frame fetched it. */
export const useEvent = (): EventDto => useOutletContext<EventOutletContext>().event;
