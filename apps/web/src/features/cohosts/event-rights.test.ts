import { describe, expect, it } from 'vitest';
import { eventRightsOf } from './event-rights';

describe('eventRightsOf', () => {
  it('gives the owner payment, deletion and co-host management', () => {
    expect(eventRightsOf('owner')).toEqual({ canPay: true, canDelete: true, canManageCohosts: true });
  });
  it('withholds them from a co-host', () => {
    expect(eventRightsOf('cohost')).toEqual({ canPay: false, canDelete: false, canManageCohosts: false });
  });
});

describe('the dashboard tabs of a co-host', () => {
  it('have no Payment/Upgrade tab; the owner keeps it', async () => {
    const { eventDashboardNav } = await import('../../app/layouts/event-dashboard-nav');
    const pricing = (canPay: boolean) =>
      eventDashboardNav('ev1', { paid: false, showCalls: false, canPay }).tabs.filter((tab) => tab.to === '/pricing/ev1');
    expect(pricing(true)).toHaveLength(1);
    expect(pricing(eventRightsOf('cohost').canPay)).toEqual([]);
  });
});
