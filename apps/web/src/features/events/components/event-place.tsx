import { Fragment } from 'react';
import { isLang, locationTextsIn, type EventDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../design/bidi';

/**
 * Where the event is, in the interface language where the event has it: the venue (the hall) then the city,
 * each isolated in its own direction ("אולמי "הגן הקסום", ראשון לציון" on an English page).
 */
export function EventPlace({ event }: { event: Pick<EventDto, 'location' | 'defaultLang'> }) {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : event.defaultLang;
  const { venue, place } = locationTextsIn(event.location, lang, event.defaultLang);
  const parts = [venue, place].filter(Boolean);
  return (
    <span data-testid="event-place">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? (lang === 'ar' ? '، ' : ', ') : null}
          <UserText>{part}</UserText>
        </Fragment>
      ))}
    </span>
  );
}
