import { PASSWORD, signUpHost, type TestApp } from '../../../test/test-app.js';
import { runUserAdminCli } from './users-admin-cli.js';

/** Test support for the administration suites (imported by *.test.ts only). */

/** `npm run admin -- user …` in this process, against the test app's database. */
export const userCli = async (t: TestApp, ...args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runUserAdminCli(args, () => t.config, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
};

/** A host promoted from the command line, signed in again (the ability comes with the sign-in). */
export const signUpAdmin = async (t: TestApp, overrides: { fullName?: string } = {}) => {
  const { email } = await signUpHost(t, { fullName: overrides.fullName ?? 'Avi Admin' });
  const promoted = await userCli(t, 'promote', email);
  if (promoted.code !== 0) throw new Error(`promote failed: ${promoted.err}`);
  const login = await t.request('POST', '/auth/login', { body: { email, password: PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`admin login failed: ${login.body}`);
  const body = login.json() as { accessToken: string; userData: { id: string } };
  return { email, token: body.accessToken, id: body.userData.id };
};
