import { describe, expect, it } from 'vitest';
import { showsBuyButton } from './buy-package-button';

describe('showsBuyButton', () => {
  it('shows for an unpaid event, with the guide tour off, outside the web view', () => {
    expect(showsBuyButton({ progressStatus: 0, guideTour: false, inWebView: false })).toBe(true);
  });

  it('hides once paid, during the guide tour, and in the app web view (payment is refused there)', () => {
    expect(showsBuyButton({ progressStatus: 1, guideTour: false, inWebView: false })).toBe(false);
    expect(showsBuyButton({ progressStatus: 0, guideTour: true, inWebView: false })).toBe(false);
    expect(showsBuyButton({ progressStatus: 0, guideTour: false, inWebView: true })).toBe(false);
  });
});
