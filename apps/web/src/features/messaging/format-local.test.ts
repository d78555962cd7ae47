import { describe, expect, it } from 'vitest';
import { formatInstant, formatLocalDateTime } from './format-local';

describe('formatLocalDateTime', () => {
  it('shows the wall time as given, whatever the browser zone', () => {
    const text = formatLocalDateTime('en', '2027-03-12T09:05');
    expect(text).toContain('09:05');
    expect(text).toContain('12');
    expect(text).toContain('Mar');
  });
  it('keeps a text it cannot read', () => {
    expect(formatLocalDateTime('he', 'soon')).toBe('soon');
  });
  it('shows an instant in Israel time', () => {
    expect(formatInstant('en', '2027-01-10T07:30:00Z')).toContain('09:30');
  });
});
