import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isolateUserText, UserText } from './bidi';
import { isolateValues } from './isolated-text';

const translate = (template: string) => (_key: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name]));

describe('UserText: the one way to show text a person wrote', () => {
  it('isolates a Hebrew venue with quotation marks in its own direction on an English page', () => {
    const html = renderToStaticMarkup(
      <p dir="ltr">
        Venue: <UserText>אולמי "הגן הקסום"</UserText>, tonight
      </p>,
    );
    expect(html).toBe('<p dir="ltr">Venue: <bdi dir="auto" class="user-text">אולמי &quot;הגן הקסום&quot;</bdi>, tonight</p>');
  });

  it('isolates a plain string with first-strong isolates for labels and titles', () => {
    expect(isolateUserText('אולמי "הגן הקסום"')).toBe('\u2068אולמי "הגן הקסום"\u2069');
  });

  it('gives a translated value with Hebrew or Arabic letters its own direction, a token left to right', () => {
    const html = renderToStaticMarkup(<p dir="ltr">{isolateValues(translate('{{name}} and {{count}} more'), 'k', { name: 'דנה לוי', count: 2 })}</p>);
    expect(html).toContain('<bdi dir="auto" class="user-text">דנה לוי</bdi> and <bdi dir="ltr" class="ltr-token"');
  });
});
