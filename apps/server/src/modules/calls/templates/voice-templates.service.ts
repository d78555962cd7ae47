import {
  CALL_PARTS,
  MSG,
  packageIncludesCalls,
  type ApiErrorIssue,
  type CallScriptParts,
  type Lang,
  type VoiceTemplateEdit,
  type VoiceTemplatesResponse,
} from '@magiim/shared';
import type { z } from 'zod';
import type { voiceTemplateEditSchema } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import * as repo from './voice-templates.repository.js';
import { requireEventAccess, type EventRight } from '../../events/event-access.js';
import { DEFAULT_CALL_SCRIPTS, callPlaceholdersIn, isCallPlaceholder } from './call-script.js';

type EditInput = z.output<typeof voiceTemplateEditSchema> | VoiceTemplateEdit;

interface VoiceEvent {
  langs: Lang[];
  orderPackageId: number | null;
}

/**
 * Spec §6: the call script is editable only with the premium package. An event that has not bought a package
 * (orderPackageId null) is not premium: the host sees the defaults read-only until they buy package 2, or
 * upgrade to it.
 */
export const isPremiumEvent = (event: Pick<VoiceEvent, 'orderPackageId'>): boolean =>
  event.orderPackageId !== null && packageIncludesCalls(event.orderPackageId);

const requireVoiceEvent = async (ctx: AppContext, userId: string, eventId: string, right: EventRight): Promise<VoiceEvent> => {
  await requireEventAccess(ctx.db, userId, eventId, right);
  const event = await repo.findVoiceEvent(ctx.db, eventId);
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  return event;
};

const sameParts = (a: CallScriptParts, b: CallScriptParts): boolean => CALL_PARTS.every((part) => a[part] === b[part]);

const responseFor = async (ctx: AppContext, eventId: string, event: VoiceEvent): Promise<VoiceTemplatesResponse> => {
  const rows = await repo.listVoiceTemplates(ctx.db, eventId, event.langs);
  const byLang = new Map(rows.map((row) => [row.lang, row.parts]));
  return {
    templates: event.langs.flatMap((lang) => {
      const parts = byLang.get(lang);
      return parts ? [{ lang, parts }] : [];
    }),
    defaults: event.langs.map((lang) => ({ lang, parts: DEFAULT_CALL_SCRIPTS[lang] })),
  };
};

/** Only the call placeholders, in every part. */
export const callScriptIssues = (parts: CallScriptParts): ApiErrorIssue[] => {
  const issues: ApiErrorIssue[] = [];
  for (const part of CALL_PARTS) {
    const unknown = callPlaceholdersIn(parts[part]).find((name) => !isCallPlaceholder(name));
    if (unknown !== undefined) issues.push({ path: `parts.${part}`, message: MSG.templateUnknownPlaceholder(unknown) });
  }
  return issues;
};

/** `GET voiceTemplate/{id}`: the host's scripts and the defaults, for the event's languages. */
export const getVoiceTemplates = async (ctx: AppContext, userId: string, eventId: string): Promise<VoiceTemplatesResponse> => {
  const event = await requireVoiceEvent(ctx, userId, eventId, 'read');
  return responseFor(ctx, eventId, event);
};

/** `POST voiceTemplate/edit/{id}`: saves the host's script in a language; the default text removes it (back to the default). */
export const editVoiceTemplate = async (ctx: AppContext, userId: string, eventId: string, input: EditInput): Promise<VoiceTemplatesResponse> => {
  const event = await requireVoiceEvent(ctx, userId, eventId, 'edit');
  if (!isPremiumEvent(event)) throw new AppError('PREMIUM_REQUIRED', 'the call script is editable with the premium package only');
  if (!event.langs.includes(input.lang)) throw new AppError('VALIDATION', 'invalid input', [{ path: 'lang', message: MSG.invalidValue }]);
  const parts: CallScriptParts = {
    greeting: input.parts.greeting,
    invitation: input.parts.invitation,
    question: input.parts.question,
    count: input.parts.count,
    closing: input.parts.closing,
  };
  const issues = callScriptIssues(parts);
  if (issues.length > 0) throw new AppError('VALIDATION', 'invalid input', issues);
  if (sameParts(parts, DEFAULT_CALL_SCRIPTS[input.lang])) {
    await repo.deleteVoiceTemplate(ctx.db, eventId, input.lang);
  } else {
    await repo.upsertVoiceTemplate(ctx.db, eventId, input.lang, parts);
  }
  return responseFor(ctx, eventId, event);
};
