import { SPECIAL_MEALS, type ApiErrorIssue, type InvitePageDto, type Lang, type PublicRsvpAnswerInput, type RsvpAnswerInput } from '@magiim/shared';
import type { z } from 'zod';

/**
 * The answer form as the guest filled it: strings, exactly as typed, so a refused answer comes back with
 * nothing lost. Field names: status, attending, meals.<meal>, transport ("" = none), comments; the public
 * page adds fullName, phoneNumber, lang.
 */
export interface AnswerFormValues {
  status: string;
  attending: string;
  /** Issue 32: children (adults and children) or women (men and women) among the people coming; the rest are the other. */
  splitSecond?: string;
  /** Which count `splitSecond` is (the form's field name): '' when the page did not ask. */
  splitKey?: '' | 'children' | 'women';
  meals: Partial<Record<string, string>>;
  transport: string;
  comments: string;
  fullName: string;
  phoneNumber: string;
  lang: string;
}

/** Field → encoded message (`validation.required`), and one message for the whole form. */
export interface AnswerFormErrors {
  fields: Partial<Record<AnswerField, string>>;
  /** A page text key (`err_ANSWERS_CLOSED`) with its values. */
  form: { key: 'err_ANSWERS_CLOSED' | 'err_INVITEE_LIMIT_REACHED' | 'err_RATE_LIMITED' | 'err_generic'; minutes?: number } | null;
}

export const ANSWER_FIELDS = ['fullName', 'phoneNumber', 'lang', 'status', 'attending', 'split', 'meals', 'transport', 'comments'] as const;
/** The split's counts an issue may name: all shown at the one split field. */
const SPLIT_PATHS = new Set(['adults', 'children', 'men', 'women']);
export type AnswerField = (typeof ANSWER_FIELDS)[number];

const MAX_FIELD = 2000;
const field = (form: URLSearchParams, name: string): string => (form.get(name) ?? '').slice(0, MAX_FIELD);

export const formValuesOf = (form: URLSearchParams): AnswerFormValues => {
  const meals: Partial<Record<string, string>> = {};
  for (const meal of SPECIAL_MEALS) {
    const value = form.get(`meals.${meal}`);
    if (value !== null) meals[meal] = value.slice(0, 20);
  }
  return {
    status: field(form, 'status'),
    attending: field(form, 'attending'),
    splitSecond: field(form, form.has('women') ? 'women' : 'children'),
    splitKey: form.has('children') ? 'children' : form.has('women') ? 'women' : '',
    meals,
    transport: field(form, 'transport'),
    comments: field(form, 'comments'),
    fullName: field(form, 'fullName'),
    phoneNumber: field(form, 'phoneNumber'),
    lang: field(form, 'lang'),
  };
};

/** What the shared answer schema reads: empty fields are "not given", a meal left empty is none. */
export const answerInputOf = (values: AnswerFormValues): RsvpAnswerInput => {
  const meals: Record<string, string> = {};
  for (const [meal, count] of Object.entries(values.meals)) if (count && count.trim() !== '' && count.trim() !== '0') meals[meal] = count.trim();
  return {
    status: values.status as RsvpAnswerInput['status'],
    ...(values.attending.trim() !== '' ? { attending: values.attending.trim() } : {}),
    // The page asks the second count only (children, women): empty is none, and the rest are the first.
    ...(values.splitKey ? { [values.splitKey]: (values.splitSecond ?? '').trim() || '0' } : {}),
    meals: meals as RsvpAnswerInput['meals'],
    transport: values.transport.trim() === '' ? null : { option: values.transport },
    comments: values.comments,
  };
};

export const publicAnswerInputOf = (values: AnswerFormValues): PublicRsvpAnswerInput => ({
  ...answerInputOf(values),
  fullName: values.fullName,
  phoneNumber: values.phoneNumber,
  lang: values.lang as Lang,
});

/** The form before anything was typed: the current answer, or coming with everyone invited. */
export const initialFormValues = (page: InvitePageDto): AnswerFormValues => {
  const answer = page.answer && page.answer.status !== 'wrongNumber' ? page.answer : null;
  const meals: Partial<Record<string, string>> = {};
  for (const [meal, count] of Object.entries(answer?.meals ?? {})) if (count) meals[meal] = String(count);
  const attending = answer?.attending ? answer.attending : (page.guest?.countOfInvites ?? 1);
  return {
    status: answer?.status ?? '',
    attending: String(Math.min(Math.max(attending, 1), Math.max(page.questions.maxAttending, 1))),
    splitSecond: String((answer?.status === 'approved' ? (page.questions.split === 'menWomen' ? answer.women : answer.children) : undefined) ?? 0),
    splitKey: page.questions.split === 'menWomen' ? 'women' : page.questions.split === 'adultsChildren' ? 'children' : '',
    meals,
    transport: answer?.transport?.option ?? '',
    comments: answer?.comments ?? '',
    fullName: '',
    phoneNumber: '',
    lang: page.lang,
  };
};

/** Issue paths (`meals.vegan`, `transport.option`) → the form field that shows the message; the first one wins. */
export const fieldErrorsOf = (issues: readonly Pick<ApiErrorIssue, 'path' | 'message'>[]): AnswerFormErrors['fields'] => {
  const fields: AnswerFormErrors['fields'] = {};
  for (const issue of issues) {
    const first = issue.path.split('.')[0] ?? '';
    const head = SPLIT_PATHS.has(first) ? 'split' : first;
    const name = ((ANSWER_FIELDS as readonly string[]).includes(head) ? head : 'status') as AnswerField;
    fields[name] ??= issue.message;
  }
  return fields;
};

export const zodIssuesOf = (error: z.ZodError): Pick<ApiErrorIssue, 'path' | 'message'>[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
