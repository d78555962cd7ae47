import { z } from 'zod';
import {
  API,
  eventIdParamsSchema,
  googleContactsRequestSchema,
  RATE_LIMITS,
  googleContactsResponseSchema,
  GUEST_IMPORT_MAX_BYTES,
  guestBulkResponseSchema,
  guestBulkSchema,
  guestEditSchema,
  guestInputSchema,
  guestListQuerySchema,
  guestListResponseSchema,
  guestParamsSchema,
  guestRowsSchema,
  guestSchema,
  importMappingSchema,
  importQuerySchema,
  importResultSchema,
  type ImportMapping,
  LANGUAGES,
  MSG,
  okResponseSchema,
  sideLabelsSchema,
} from '@magiim/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { readMultipart, withMultipart } from '../../platform/multipart.js';
import * as imports from './guest-import.service.js';
import * as guests from './guests.service.js';

const tags = ['guests'];
const ID = ':id';
const GUEST_ID = ':guestID';
const LANG = ':lang';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const langParamsSchema = z.object({ lang: z.enum(LANGUAGES, { error: MSG.invalidValue }) });
const exportParamsSchema = eventIdParamsSchema.extend(langParamsSchema.shape);

/** RFC 5987 value: percent-encoded UTF-8, with the characters encodeURIComponent leaves but the syntax forbids. */
const encodeFilenameStar = (name: string): string =>
  encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sendSheet = (reply: FastifyReply, download: imports.SheetDownload) =>
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${download.asciiName}"; filename*=UTF-8''${encodeFilenameStar(download.displayName)}`)
    .send(download.file);

const readImportFile = (request: FastifyRequest) => async () => {
  const body = await readMultipart(request, { maxFileBytes: GUEST_IMPORT_MAX_BYTES });
  const file = body.files.file;
  if (!file || file.buffer.length === 0) throw new AppError('VALIDATION', 'invalid input', [{ path: 'file', message: MSG.required }]);
  return { buffer: file.buffer, filename: file.filename, mapping: mappingOf(body.fields.mapping) };
};

/** The host's column mapping, a JSON text field beside the file (absent: the titles decide). */
const mappingOf = (text: string | undefined): ImportMapping | undefined => {
  if (text === undefined || text === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = importMappingSchema.safeParse(json);
  if (!parsed.success) throw new AppError('VALIDATION', 'invalid input', [{ path: 'mapping', message: MSG.invalidValue }]);
  return parsed.data;
};

export const registerGuestRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);
  const userIdOf = (request: FastifyRequest) => authOf(request).user.id;

  app.post(
    API.guests.new(ID),
    {
      preHandler,
      schema: {
        tags,
        description: "Adds a guest. The language defaults to the event's and must be one of its languages; `groupName` instead of `groupId` " +
          'finds the group by name or creates it with the guest (MAX_GROUPS_REACHED); PHONE_EXISTS, INVITEE_LIMIT_REACHED.',
        params: eventIdParamsSchema,
        body: guestInputSchema,
        response: { 200: guestSchema },
      },
    },
    (request) => guests.createGuest(ctx, userIdOf(request), request.params.id, request.body),
  );

  app.put(
    API.guests.edit(ID, GUEST_ID),
    {
      preHandler,
      schema: {
        tags,
        description: 'Changes any subset of the fields; NOTHING_CHANGED when none differs, INVITEES_BELOW_RESPONDERS, PHONE_EXISTS.',
        params: guestParamsSchema,
        body: guestEditSchema,
        response: { 200: guestSchema },
      },
    },
    (request) => guests.editGuest(ctx, userIdOf(request), request.params.id, request.params.guestID, request.body),
  );

  app.get(
    API.guests.list(ID),
    {
      preHandler,
      schema: {
        tags,
        description: 'One page of the guest list with filters and sort; counts per status over the whole event.',
        params: eventIdParamsSchema,
        querystring: guestListQuerySchema,
        response: { 200: guestListResponseSchema },
      },
    },
    (request) => guests.listGuests(ctx, userIdOf(request), request.params.id, request.query),
  );

  app.get(
    API.guests.sides(ID),
    {
      preHandler,
      schema: {
        tags,
        description: "Issue 32: the labels of the couple's two sides (a, b); '' means the translated default (\"Side A\"). Owner and co-hosts.",
        params: eventIdParamsSchema,
        response: { 200: sideLabelsSchema },
      },
    },
    (request) => guests.getSideLabels(ctx, userIdOf(request), request.params.id),
  );

  app.put(
    API.guests.sides(ID),
    {
      preHandler,
      schema: {
        tags,
        description: "Issue 32: sets the labels of the couple's two sides (e.g. the couple's names; '' for the default). Owner and co-hosts.",
        params: eventIdParamsSchema,
        body: sideLabelsSchema,
        response: { 200: sideLabelsSchema },
      },
    },
    (request) => guests.saveSideLabels(ctx, userIdOf(request), request.params.id, request.body),
  );

  app.post(
    API.guests.bulk(ID),
    {
      preHandler,
      schema: {
        tags,
        description: "Deletes (pending guests only: GUESTS_IN_PROCESS), moves to a group or sets the language; ids not in the event are ignored.",
        params: eventIdParamsSchema,
        body: guestBulkSchema,
        response: { 200: guestBulkResponseSchema },
      },
    },
    (request) => guests.bulkGuests(ctx, userIdOf(request), request.params.id, request.body),
  );

  withMultipart(app, (scope) => {
    scope.post(
      API.guests.import(ID),
      {
        preHandler,
        schema: {
          tags,
          description:
            `Body: multipart/form-data with the part \`file\` (xlsx, at most ${GUEST_IMPORT_MAX_BYTES / 1024 / 1024} MB). ` +
            'commit=false checks and reports; commit=true also adds the good rows. The answer\'s `sheet` says which row held the titles and ' +
            'which field each column went to (null: not imported); when no titles row names both name and phone, the answer is that ' +
            'preview alone (no row checked; titleRow null when the first row is a guest; phone and count guessed from the values). ' +
            'The optional part `mapping` (JSON: titleRow, null for none, and each column\'s field) reads the same file the way the host ' +
            'chose instead; one without name or phone is IMPORT_MAPPING_INCOMPLETE. ' +
            `At most ${RATE_LIMITS.guestFileImportsRunningPerUser.max} files of a host are read at once and ` +
            `${RATE_LIMITS.guestFileImportsPerUser.max} an hour (RATE_LIMITED).`,
          params: eventIdParamsSchema,
          querystring: importQuerySchema,
          response: { 200: importResultSchema },
        },
      },
      (request) => imports.importGuestFile(ctx, userIdOf(request), request.params.id, request.query.commit, readImportFile(request)),
    );
  });

  app.post(
    API.guests.rows(ID),
    {
      preHandler,
      // 10,000 pasted rows are about 1.5 MB of JSON; the app-wide limit is 1 MB.
      bodyLimit: GUEST_IMPORT_MAX_BYTES,
      schema: {
        tags,
        description: 'Rows pasted from a spreadsheet or picked contacts, checked like a file; commit=true adds the good rows.',
        params: eventIdParamsSchema,
        querystring: importQuerySchema,
        body: guestRowsSchema,
        response: { 200: importResultSchema },
      },
    },
    (request) => imports.importGuestRows(ctx, userIdOf(request), request.params.id, request.query.commit, request.body.rows),
  );

  app.get(
    API.guests.importTemplate(LANG),
    { preHandler, schema: { tags, description: `An xlsx (${XLSX_TYPE}) with the column titles in the language.`, params: langParamsSchema } },
    async (request, reply) => sendSheet(reply, await imports.downloadImportTemplate(request.params.lang)),
  );

  app.get(
    API.guests.export(ID, LANG),
    { preHandler, schema: { tags, description: `The guest list as xlsx (${XLSX_TYPE}), titles in the language.`, params: exportParamsSchema } },
    async (request, reply) => sendSheet(reply, await imports.exportGuests(ctx, userIdOf(request), request.params.id, request.params.lang)),
  );

  app.post(
    API.guests.googleContacts,
    {
      preHandler,
      schema: {
        tags,
        description:
          "The host's Google contacts with a phone, read with their contacts.readonly access token; GOOGLE_TOKEN_REFUSED (400) when Google refuses the token, GOOGLE_CONTACTS_FAILED (502) when Google cannot be reached. " +
          `At most ${RATE_LIMITS.googleContactReadsPerUser.max} reads per host in ${RATE_LIMITS.googleContactReadsPerUser.windowMinutes} minutes (RATE_LIMITED).`,
        body: googleContactsRequestSchema,
        response: { 200: googleContactsResponseSchema },
      },
    },
    (request) => imports.listGoogleContacts(ctx, userIdOf(request), request.body.accessToken),
  );

  app.get(API.guests.one(ID, GUEST_ID), { preHandler, schema: { tags, params: guestParamsSchema, response: { 200: guestSchema } } }, (request) =>
    guests.getGuest(ctx, userIdOf(request), request.params.id, request.params.guestID),
  );

  app.delete(
    API.guests.one(ID, GUEST_ID),
    { preHandler, schema: { tags, description: 'Pending guests only (GUESTS_IN_PROCESS).', params: guestParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await guests.deleteGuest(ctx, userIdOf(request), request.params.id, request.params.guestID);
      return { ok: true as const };
    },
  );

  app.post(
    API.guests.rotateLink(ID, GUEST_ID),
    {
      preHandler,
      schema: {
        tags,
        description: "A new personal invitation link for the guest; the old one stops working at once.",
        params: guestParamsSchema,
        response: { 200: guestSchema },
      },
    },
    (request) => guests.rotateGuestLink(ctx, userIdOf(request), request.params.id, request.params.guestID),
  );
};
