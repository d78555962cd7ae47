import { describe, expect, it } from 'vitest';
import { eventIcs } from './calendar-links.js';
import { calendarInputOf, pageFactsOf } from './page-facts.js';
import { samplePage, TEST_APP_URL, TEST_PATHS } from './page-test-fixtures.js';

const VENUE = 'אולמי "הגן הקסום"';
const rishon = (lang: 'he' | 'en') =>
  samplePage(lang, {
    event: {
      ...samplePage(lang).event,
      location: {
        name: VENUE,
        address: 'ראשון לציון, השפלה',
        lat: 31.973,
        lng: 34.792,
        venue: VENUE,
        place: lang === 'he' ? 'ראשון לציון' : 'Rishon LeZion',
        placeAddress: lang === 'he' ? 'השפלה, ישראל' : 'Shfela, Israel',
      },
    },
  });

describe('the calendar entry and the page description name the venue and the city', () => {
  it('writes LOCATION with the venue, then the city and its region', () => {
    const ics = eventIcs(calendarInputOf(rishon('en'), TEST_PATHS, TEST_APP_URL)).replace(/\r\n /g, '');
    expect(ics).toContain(`LOCATION:${VENUE}\\, Rishon LeZion\\, Shfela\\, Israel`);
  });

  it('passes the same line to Google and Outlook, and to the link preview', () => {
    const facts = pageFactsOf(rishon('he'), TEST_PATHS, TEST_APP_URL, TEST_PATHS.invite);
    const line = `${VENUE}, ראשון לציון, השפלה, ישראל`;
    expect(new URL(facts.calendar.google).searchParams.get('location')).toBe(line);
    expect(new URL(facts.calendar.outlook).searchParams.get('location')).toBe(line);
    expect(facts.meta.find((tag) => tag.name === 'description')?.content).toContain(line);
  });

  it('leaves the venue out when there is none, without an empty comma', () => {
    const page = rishon('en');
    page.event.location = { ...page.event.location, venue: '' };
    expect(calendarInputOf(page, TEST_PATHS, TEST_APP_URL).locationText).toBe('Rishon LeZion, Shfela, Israel');
  });
});
