import { describe, expect, it } from 'vitest';
import { MSG } from '@magiim/shared';
import { ApiError } from '../app/api-error';
import { checkedLoginResponse, checkValues, cleanValues, languageOfAddress, loginPath, loginTarget, routeError } from './sign-in';

const RESPONSE = {
  accessToken: 'token',
  userData: { id: 'u1', fullName: 'Noa', email: 'noa@example.com', emailVerified: true, lang: 'he', pendingEmail: null, hasPassword: true },
  userAbility: [{ action: 'manage', subject: 'Event' }],
};

describe('the sign-in page', () => {
  it('returns to ?next= when it is a path of this site, else to the event list', () => {
    const origin = 'https://app.magiim.test';
    expect(loginTarget('?next=%2FuserSettings%3Ftab%3Dpassword', origin)).toBe('/userSettings?tab=password');
    expect(loginTarget('?next=/event/abc/guest/list&platform=ios', origin)).toBe('/event/abc/guest/list');
    for (const search of [
      '',
      '?next=',
      '?next=https%3A%2F%2Fevil.example',
      '?next=%2F%2Fevil.example%2Fx',
      '?next=manage-events',
      '?other=1',
      // The browser reads each of these as another host (issue 15 item 3).
      '?next=/%5Cevil.example/pwn',
      '?next=/%09/evil.example',
      '?next=/%5C%5Cevil.example',
      '?next=/%0A/evil.example',
    ]) {
      expect(loginTarget(search, origin), search).toBe('/manage-events');
    }
  });

  it('takes the language from the address, else the stored one, else Hebrew; an unknown one leaves the address', () => {
    expect(languageOfAddress('/login/en', 'ru')).toEqual({ lang: 'en' });
    expect(languageOfAddress('/login/ar/', null)).toEqual({ lang: 'ar' });
    expect(languageOfAddress('/login', 'ru')).toEqual({ lang: 'ru' });
    expect(languageOfAddress('/login/', 'nope')).toEqual({ lang: 'he' });
    expect(languageOfAddress('/login', null)).toEqual({ lang: 'he' });
    expect(languageOfAddress('/login/xx', 'en')).toEqual({ lang: 'en', fixedPath: '/login' });
    expect(loginPath('en', '?next=%2Fx')).toBe('/login/en?next=%2Fx');
    expect(loginPath(undefined)).toBe('/login');
  });

  it("checks the form with the shared rules and sends the address as loginSchema reads it", () => {
    expect(checkValues({ email: '', password: '' })).toEqual({ email: MSG.required, password: MSG.required });
    expect(checkValues({ email: 'not-an-address', password: 'x' })).toEqual({ email: MSG.invalidEmail });
    expect(checkValues({ email: ' Noa@Example.com ', password: 'x' })).toEqual({});
    expect(cleanValues({ email: ' Noa@Example.com ', password: ' Pass ' })).toEqual({ email: 'noa@example.com', password: ' Pass ' });
  });

  it('puts validation issues on their fields, other errors on the form, and nothing the global handler showed', () => {
    const invalid = new ApiError(400, 'VALIDATION', 'invalid', [
      { path: 'body.email', message: MSG.invalidEmail },
      { path: 'other', message: MSG.required },
    ]);
    expect(routeError(invalid)).toEqual({ fields: { email: MSG.invalidEmail }, form: null });
    const unrelated = new ApiError(400, 'VALIDATION', 'invalid', [{ path: 'body.lang', message: MSG.invalidValue }]);
    expect(routeError(unrelated)).toEqual({ fields: {}, form: unrelated });
    const wrong = new ApiError(401, 'INVALID_CREDENTIALS', 'wrong');
    expect(routeError(wrong)).toEqual({ fields: {}, form: wrong });
    const limited = new ApiError(429, 'RATE_LIMITED', 'slow down');
    limited.handledGlobally = true;
    expect(routeError(limited)).toEqual({ fields: {}, form: null });
    const crash = new Error('boom');
    expect(routeError(crash)).toEqual({ fields: {}, form: crash });
  });

  it('accepts only a complete sign-in answer', () => {
    expect(checkedLoginResponse(RESPONSE)).toBe(RESPONSE);
    for (const broken of [null, {}, { ...RESPONSE, accessToken: 1 }, { ...RESPONSE, userData: { id: 'u1' } }, { ...RESPONSE, userAbility: 'all' }]) {
      expect(() => checkedLoginResponse(broken)).toThrow('unexpected sign-in answer');
    }
  });
});
