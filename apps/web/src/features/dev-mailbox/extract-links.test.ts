import { describe, expect, it } from 'vitest';
import { extractLinks } from './extract-links';

describe('extractLinks', () => {
  it('lists http(s) links once, in order, with entities decoded', () => {
    const html = `
      <p><a href="http://localhost:5173/verify-email/abc?x=1&amp;y=2">Verify</a></p>
      <a class="btn" href='https://example.com/a'>A</a>
      <a href="mailto:help@example.com">Mail</a>
      <a href="http://localhost:5173/verify-email/abc?x=1&amp;y=2">Again</a>`;
    expect(extractLinks(html)).toEqual(['http://localhost:5173/verify-email/abc?x=1&y=2', 'https://example.com/a']);
  });

  it('finds nothing in text without links', () => {
    expect(extractLinks('<p>Hello</p>')).toEqual([]);
  });
});
