import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkLoginInput, isAbilityRules, isEmailAddress, isStoredUserData } from './light-checks.js';
import { abilityRuleSchema, loginSchema, userDataSchema } from './schemas/auth.js';

describe('light checks agree with the zod schemas', () => {
  const emails = ['dana@example.com', 'a.b+c@sub.example.co.il', '', '   ', 'no-at', 'a@b', '.a@b.com', 'a..b@c.com', 'a@b.c', 'א@ב.com',
    'dana@example.com ', `${'a'.repeat(250)}@b.com`, 'x@y.io', "o'neil@example.com", 'a@-b.com'];
  it.each(emails)('e-mail %j', (email) => {
    expect(isEmailAddress(email.trim()) || email.trim() === '').toBe(z.email().safeParse(email.trim()).success || email.trim() === '');
  });

  const logins = [
    { email: 'dana@example.com', password: 'x' },
    { email: '', password: '' },
    { email: 'nope', password: 'Secret1' },
    { email: ` ${'a'.repeat(260)}@b.com`, password: 'Secret1' },
    { email: 'dana@example.com', password: 'p'.repeat(201) },
  ];
  it.each(logins)('sign-in input %#', (input) => {
    const parsed = loginSchema.safeParse(input);
    const zodIssues = Object.fromEntries((parsed.success ? [] : parsed.error.issues).map((issue) => [String(issue.path[0]), issue.message]));
    const light = checkLoginInput(input);
    expect(Object.keys(light).sort()).toEqual(Object.keys(zodIssues).sort());
    for (const [field, message] of Object.entries(light)) expect(message).toBe(zodIssues[field]);
  });

  const users: unknown[] = [
    { id: 'u', fullName: 'Dana', email: 'd@x.com', emailVerified: true, lang: 'he', pendingEmail: null, hasPassword: true },
    { id: 'u', fullName: 'Dana', email: 'd@x.com', emailVerified: true, lang: 'fr', pendingEmail: null, hasPassword: true },
    { id: 'u', fullName: 'Dana', email: 'd@x.com', emailVerified: 'yes', lang: 'he', pendingEmail: null, hasPassword: true },
    { id: 'u', fullName: 'Dana', email: 'd@x.com', emailVerified: true, lang: 'en', pendingEmail: 'n@x.com', hasPassword: false },
    { id: 'u', fullName: 'Dana', email: 'd@x.com', emailVerified: true, lang: 'en', pendingEmail: null, hasPassword: true, guideTour: true },
    { id: 'u', fullName: 'Dana', email: 'd@x.com', emailVerified: true, lang: 'en', pendingEmail: null, hasPassword: true, guideTour: 'on' },
    null,
    [],
  ];
  it.each(users)('stored user data %#', (value) => {
    expect(isStoredUserData(value)).toBe(userDataSchema.safeParse(value).success);
  });

  const rules: unknown[] = [[{ action: 'read', subject: 'Public' }], [{ action: ['read'], subject: 'Event', inverted: true }], [{ action: 1, subject: 'x' }], {}, [null]];
  it.each(rules)('ability rules %#', (value) => {
    expect(isAbilityRules(value)).toBe(z.array(abilityRuleSchema).safeParse(value).success);
  });
});
