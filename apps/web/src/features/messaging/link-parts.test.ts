import { describe, expect, it } from 'vitest';
import { linkParts } from './link-parts';

describe('linkParts (issue 28: a link in a Hebrew preview reads whole, left to right)', () => {
  it('cuts the links out of the text', () => {
    expect(linkParts('שלום דנה, לאישור: http://127.0.0.1:3401/invite/… נתראה!')).toEqual([
      { text: 'שלום דנה, לאישור: ', link: false },
      { text: 'http://127.0.0.1:3401/invite/…', link: true },
      { text: ' נתראה!', link: false },
    ]);
    expect(linkParts('no link')).toEqual([{ text: 'no link', link: false }]);
  });
});
