import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeopleApiContacts } from './people-api.js';
import { createSandboxGoogleContacts } from './sandbox.js';

describe('Google People API adapter against a local fake', () => {
  let server: Server;
  let baseUrl = '';
  const calls: { url: URL; authorization?: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://fake');
      calls.push({ url, authorization: request.headers.authorization });
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== 'Bearer good-token') return json(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      if (url.pathname !== '/v1/people/me/connections') return json(404, {});
      if (!url.searchParams.get('pageToken')) {
        return json(200, {
          connections: [
            { names: [{ displayName: 'דנה כהן' }], phoneNumbers: [{ value: '050-123-4567', canonicalForm: '+972501234567' }, { value: '03-555-1234' }] },
            { names: [{ displayName: 'No Phone' }] },
          ],
          nextPageToken: 'page-2',
        });
      }
      return json(200, { connections: [{ names: [{ displayName: 'Olga' }], phoneNumbers: [{ value: '+7 916 123-45-67' }] }] });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads every page, one entry per phone, with the token as a bearer and the fields it needs', async () => {
    const contacts = await createPeopleApiContacts({ baseUrl }).listContacts('good-token');
    expect(contacts).toEqual([
      { name: 'דנה כהן', phoneNumber: '+972501234567' },
      { name: 'דנה כהן', phoneNumber: '03-555-1234' },
      { name: 'Olga', phoneNumber: '+7 916 123-45-67' },
    ]);
    expect(calls.at(-2)!.url.searchParams.get('personFields')).toBe('names,phoneNumbers');
    expect(calls.at(-1)!.url.searchParams.get('pageToken')).toBe('page-2');
    expect(calls.every((call) => !call.url.search.includes('good-token'))).toBe(true);
  });

  it('answers GOOGLE_TOKEN_REFUSED for a refused token, GOOGLE_CONTACTS_FAILED for an unreachable Google', async () => {
    await expect(createPeopleApiContacts({ baseUrl }).listContacts('expired')).rejects.toMatchObject({ code: 'GOOGLE_TOKEN_REFUSED' });
    await expect(createPeopleApiContacts({ baseUrl: 'http://127.0.0.1:1' }).listContacts('good-token')).rejects.toMatchObject({
      code: 'GOOGLE_CONTACTS_FAILED',
    });
  });

  it('sandbox: sample contacts for a sandbox token only', async () => {
    expect((await createSandboxGoogleContacts().listContacts('sandbox-dev')).length).toBeGreaterThan(5);
    await expect(createSandboxGoogleContacts().listContacts('real-looking-token')).rejects.toMatchObject({ code: 'GOOGLE_TOKEN_REFUSED' });
  });
});
