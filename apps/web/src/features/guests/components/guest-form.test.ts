import type { GuestDto } from '@magiim/shared';
import { describe, expect, it } from 'vitest';
import { changedFields } from './guest-form';

const guest = { fullName: 'Dana Levi', phoneNumber: '+972501234567', countOfInvites: 2, groupId: null, lang: 'he', askTransport: false, askMeals: false, comments: '', side: null } as unknown as GuestDto;
const values = { fullName: 'Dana Levi', phoneNumber: '+972501234567', countOfInvites: 2, groupId: null, lang: 'he' as const, askTransport: false, askMeals: false, comments: '', side: null };

describe('the guest form', () => {
  it('sends the side only when it changed (issue 32)', () => {
    expect(changedFields(guest, values)).toEqual({});
    expect(changedFields(guest, { ...values, side: 'b' })).toEqual({ side: 'b' });
    expect(changedFields({ ...guest, side: 'both' }, values)).toEqual({ side: null });
  });
});
