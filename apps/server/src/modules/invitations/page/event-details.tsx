import type { ReactNode } from 'react';
import type { InvitePageDto } from '@magiim/shared';
import { TextWith } from './bidi-text.js';
import type { PageFacts } from './page-facts.js';
import { fillTemplate } from './page-texts.js';

/** The image column is at most 34rem less the page's padding; on a phone, the screen less the padding. */
const IMAGE_SIZES = '(min-width: 34rem) 32.5rem, calc(100vw - 1.5rem)';

const srcSetOf = (sizes: Record<string, string>): string =>
  Object.entries(sizes)
    .map(([width, url]) => [Number(width), url] as const)
    .filter(([width]) => Number.isFinite(width) && width > 0)
    .sort((a, b) => a[0] - b[0])
    .map(([width, url]) => `${url} ${width}w`)
    .join(', ');

/** Two linked rings and a spark, the brand's celebration mark: the hero's decoration when there is no image. */
const Ornament = () => (
  <svg className="ornament" viewBox="0 0 72 36" aria-hidden="true" focusable="false">
    <circle cx="28" cy="21" r="11" fill="none" stroke="#E8B64C" strokeWidth="3" />
    <circle cx="44" cy="21" r="11" fill="none" stroke="#6457E6" strokeWidth="3" />
    <path d="M36 1l1.5 3.5L41 6l-3.5 1.5L36 11l-1.5-3.5L31 6l3.5-1.5z" fill="#E8B64C" />
  </svg>
);

/** The event's image (the LCP: high priority, sized, WebP renditions), its name and the greeting. */
export const EventHero = ({ page, facts, children }: { page: InvitePageDto; facts: PageFacts; children?: ReactNode }) => {
  const { event } = page;
  const srcSet = event.imageSizes ? srcSetOf(event.imageSizes) : '';
  return (
    <section className="card hero" aria-labelledby="event-name">
      {event.imageUrl ? (
        <img
          src={event.imageUrl}
          {...(srcSet ? { srcSet, sizes: IMAGE_SIZES } : {})}
          {...(event.imageWidth && event.imageHeight ? { width: event.imageWidth, height: event.imageHeight } : {})}
          alt={fillTemplate(facts.texts.imageAlt, { name: event.name })}
          fetchPriority="high"
          decoding="async"
        />
      ) : null}
      <div>
        {event.imageUrl ? null : <Ornament />}
        <h1 id="event-name">
          <bdi>{event.name}</bdi>
        </h1>
        {children}
      </div>
    </section>
  );
};

export const WhenCard = ({ facts }: { facts: PageFacts }) => {
  const { texts, when, calendar } = facts;
  return (
    <section className="card" aria-labelledby="when">
      <h2 id="when">{texts.whenTitle}</h2>
      <p className="big">{when.dateText}</p>
      {when.hebrewDate ? <p className="soft">{when.hebrewDate}</p> : null}
      <p className="big">
        <TextWith template={texts.atTime} values={{ time: when.timeText }} />
      </p>
      <h3 className="label" id="calendar">
        {texts.calendarTitle}
      </h3>
      <div className="btns" role="group" aria-labelledby="calendar">
        <a className="btn" href={calendar.ics} download="event.ics">
          {texts.calendarIcs}
        </a>
        <a className="btn" href={calendar.google} target="_blank" rel="noopener noreferrer">
          {texts.calendarGoogle}
        </a>
        <a className="btn" href={calendar.outlook} target="_blank" rel="noopener noreferrer">
          {texts.calendarOutlook}
        </a>
      </div>
    </section>
  );
};

export const WhereCard = ({ page, facts, children }: { page: InvitePageDto; facts: PageFacts; children?: ReactNode }) => {
  const { texts, navigation } = facts;
  const { location } = page.event;
  return (
    <section className="card" aria-labelledby="where">
      <h2 id="where">{texts.whereTitle}</h2>
      {location.venue ? (
        <p className="big" data-venue="">
          <bdi>{location.venue}</bdi>
        </p>
      ) : null}
      <p className={location.venue ? undefined : 'big'} data-place="">
        <bdi>{location.place}</bdi>
      </p>
      {location.placeAddress ? (
        <p className="soft">
          <bdi>{location.placeAddress}</bdi>
        </p>
      ) : null}
      <div className="btns">
        <a className="btn" href={navigation.waze} target="_blank" rel="noopener noreferrer">
          {texts.navigateWaze}
        </a>
        <a className="btn" href={navigation.googleMaps} target="_blank" rel="noopener noreferrer">
          {texts.navigateGoogleMaps}
        </a>
      </div>
      {children}
    </section>
  );
};
