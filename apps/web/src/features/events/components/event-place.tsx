import { Fragment } from 'react';
import { directionOf, isLang, locationTextsIn, type EventDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { textDirection, UserText } from '../../../design/bidi';

/**
 * Where the event is, in the interface language where the event has it: the venue (the hall) then the city,
 * each isolated in its own direction ("אולמי "הגן הקסום", ראשון לציון" on an English page). When both parts
 * are in one script the line runs in their direction, so a Hebrew venue and city on a Russian or English page read
 * venue first from the right, not city first; mixed parts follow the page.
 */
/** The parts' own direction when they share one (a Hebrew venue and city), else the page's. */
const lineDirection = (parts: string[], page: 'rtl' | 'ltr'): 'rtl' | 'ltr' => {
  const directions = new Set(parts.map(textDirection).filter(Boolean));
  return directions.size === 1 ? [...directions][0]! : page;
};

export function EventPlace({ event }: { event: Pick<EventDto, 'location' | 'defaultLang'> }) {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : event.defaultLang;
  const { venue, place } = locationTextsIn(event.location, lang, event.defaultLang);
  const parts = [venue, place].filter(Boolean);
  return (
    <bdi data-testid="event-place" dir={lineDirection(parts, directionOf(lang))}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? (lang === 'ar' ? '، ' : ', ') : null}
          <UserText>{part}</UserText>
        </Fragment>
      ))}
    </bdi>
  );
}
