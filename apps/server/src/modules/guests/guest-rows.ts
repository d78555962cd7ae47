import {
  FULL_NAME_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  INVITES_PER_INVITEE_MAX,
  INVITES_PER_INVITEE_MIN,
  GUEST_COMMENTS_MAX_LENGTH,
  isSafeText,
  LANGUAGES,
  normalizePhone,
  type GuestImportColumn,
  type ImportRowError,
  type ImportRowErrorCode,
  type Lang,
  sideOfCell,
  type GuestSide,
  type SideLabels,
} from '@magiim/shared';

/** One row as it came: from a sheet (cells as text), a pasted block or a picked contact. */
export interface RawGuestRow {
  /** 1-based, as the host sees it (the sheet's own row number, or the line of the pasted block). */
  row: number;
  fullName: string;
  phoneNumber: string;
  countOfInvites?: string | number;
  group?: string;
  lang?: string;
  /** The notes column: the guest's comments. */
  comments?: string;
  /** Issue 32: the couple's side (a/b/both or a side's label). */
  side?: string;
}

/** A row that passed: ready to insert once its group (by name) has an id. */
export interface ValidGuestRow {
  row: number;
  fullName: string;
  phoneNumber: string;
  countOfInvites: number;
  /** The group's name as the list knows it (an existing group's own spelling), or null. */
  groupName: string | null;
  lang: Lang;
  comments: string;
  side: GuestSide | null;
}

export interface GuestRowsContext {
  langs: readonly Lang[];
  defaultLang: Lang;
  /** E.164 phones already on the event's list. */
  existingPhones: ReadonlySet<string>;
  /** Names of the event's groups. */
  existingGroups: readonly string[];
  /** How many groups the event may hold in all. */
  maxGroups: number;
  /** How many more guests the list may take. */
  guestRoom: number;
  /** Issue 32: the host's labels of the two sides (a side cell may name one). */
  sideLabels?: SideLabels | null;
}

export interface GuestRowsResult {
  total: number;
  valid: ValidGuestRow[];
  errors: ImportRowError[];
  /** Group names the valid rows use that the event does not have yet (created on commit). */
  newGroups: string[];
}

export const foldName = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(/[\u200E\u200F\u061C]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Each language by its code, its own name and its name in the other three languages (and a few common spellings). */
const LANGUAGE_WORDS: Record<Lang, string[]> = {
  he: ['he', 'iw', 'heb', 'עברית', 'hebrew', 'иврит', 'العبرية', 'عبري', 'عبرية'],
  en: ['en', 'eng', 'אנגלית', 'english', 'английский', 'الإنجليزية', 'الانجليزية', 'الإنكليزية', 'انجليزي', 'إنجليزي'],
  ru: ['ru', 'rus', 'רוסית', 'russian', 'русский', 'الروسية', 'روسي'],
  ar: ['ar', 'ara', 'ערבית', 'arabic', 'арабский', 'العربية', 'عربي'],
};
const WORD_TO_LANG = new Map<string, Lang>(LANGUAGES.flatMap((lang) => LANGUAGE_WORDS[lang].map((word) => [foldName(word), lang] as const)));

/** A language cell: a code or a name in any of the four languages; null when it names none. */
export const languageOfCell = (text: string): Lang | null => WORD_TO_LANG.get(foldName(text)) ?? null;

/**
 * The usual spellings of an Israeli mobile (050-123-4567, 0501234567, +972 50…) answered without libphonenumber,
 * which takes tens of microseconds a number (a 10,000-row file); anything else goes to `normalizePhone`. The
 * prefixes are those libphonenumber takes as mobile whatever digits follow; a test holds the two equal.
 */
const ISRAELI_MOBILE = /^(?:\+972|00972|972|0)?(5(?:[02368]\d|4[1-9])\d{6})$/;
export const normalizeRowPhone = (input: string): string | null => {
  const match = ISRAELI_MOBILE.exec(input.trim().replace(/[\s\-().]/g, ''));
  return match ? `+972${match[1]}` : normalizePhone(input);
};

const countOfCell = (value: string | number | undefined): number | null => {
  const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
  if (text === '') return 1;
  const count = Number(text);
  return Number.isInteger(count) && count >= INVITES_PER_INVITEE_MIN && count <= INVITES_PER_INVITEE_MAX ? count : null;
};

/** Longest name or value quoted in an error report: enough to know the row, never a whole paragraph. */
const REPORT_TEXT_MAX = 60;
/** A cell as quoted back to the host: one line, control and bidi-override characters dropped, shortened. */
export const reportText = (text: string): string => {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > REPORT_TEXT_MAX ? `${clean.slice(0, REPORT_TEXT_MAX - 1)}…` : clean;
};

const isBlank = (row: RawGuestRow): boolean =>
  !row.fullName.trim() && !row.phoneNumber.trim() && !String(row.countOfInvites ?? '').trim() && !row.group?.trim() && !row.lang?.trim();

/**
 * The one check of guest rows, wherever they came from (a file, a pasted block, picked contacts). Every
 * problem of a row is reported, one per column; a row with none is valid. The first row with a phone keeps
 * it and later rows with the same phone are DUPLICATE_PHONE. New group names take the event's free group
 * places in the order they first appear, and valid rows take the free guest places in row order. Rows with
 * nothing in them are skipped.
 */
export const checkGuestRows = (rows: readonly RawGuestRow[], context: GuestRowsContext): GuestRowsResult => {
  const errors: ImportRowError[] = [];
  const seenPhones = new Set<string>();
  const groupByKey = new Map(context.existingGroups.map((name) => [foldName(name), name]));
  const candidates: (ValidGuestRow & { newGroupKey: string | null })[] = [];
  let total = 0;

  for (const raw of rows) {
    if (isBlank(raw)) continue;
    total++;
    const rowErrors: ImportRowError[] = [];
    const fullName = raw.fullName.trim();
    const named = reportText(fullName);
    const fail = (column: GuestImportColumn, code: ImportRowErrorCode) => {
      const value = column === 'fullName' ? '' : reportText(String(raw[column] ?? ''));
      rowErrors.push({ row: raw.row, column, code, ...(named ? { name: named } : {}), ...(value ? { value } : {}) });
    };

    if (!fullName) fail('fullName', 'NAME_REQUIRED');
    else if (fullName.length > FULL_NAME_MAX_LENGTH) fail('fullName', 'NAME_TOO_LONG');
    else if (!isSafeText(fullName)) fail('fullName', 'INVALID_CHARACTERS');

    let phoneNumber: string | null = null;
    if (!raw.phoneNumber.trim()) fail('phoneNumber', 'PHONE_REQUIRED');
    else {
      phoneNumber = normalizeRowPhone(raw.phoneNumber);
      if (!phoneNumber) fail('phoneNumber', 'INVALID_PHONE');
      else if (seenPhones.has(phoneNumber)) fail('phoneNumber', 'DUPLICATE_PHONE');
      else if (context.existingPhones.has(phoneNumber)) fail('phoneNumber', 'PHONE_EXISTS');
      if (phoneNumber) seenPhones.add(phoneNumber);
    }

    const countOfInvites = countOfCell(raw.countOfInvites);
    if (countOfInvites === null) fail('countOfInvites', 'COUNT_OUT_OF_RANGE');

    const sideText = raw.side?.trim() ?? '';
    const side = sideText ? sideOfCell(sideText, context.sideLabels) : null;
    // Hosts' own sheets often title their grouping "צד" ("כלה", "חתן", "עבודה"): a side column whose cell is no side
    // of this event keeps the row, as its group when the row names none (what such a column imported as before).
    const sideAsGroup = sideText !== '' && !side && !raw.group?.trim();
    const groupText = sideAsGroup ? sideText : (raw.group?.trim() ?? '');
    let groupName: string | null = null;
    let newGroupKey: string | null = null;
    if (groupText.length > GROUP_NAME_MAX_LENGTH) fail('group', 'GROUP_NAME_TOO_LONG');
    else if (groupText && !isSafeText(groupText)) fail('group', 'INVALID_CHARACTERS');
    else if (groupText) {
      const key = foldName(groupText);
      groupName = groupByKey.get(key) ?? groupText.replace(/\s+/g, ' ');
      if (!groupByKey.has(key)) newGroupKey = key;
    }

    const langText = raw.lang?.trim() ?? '';
    const lang = langText ? languageOfCell(langText) : context.defaultLang;
    if (!lang || !context.langs.includes(lang)) fail('lang', 'UNKNOWN_LANGUAGE');

    const comments = raw.comments?.trim() ?? '';
    if (comments.length > GUEST_COMMENTS_MAX_LENGTH) fail('comments', 'COMMENTS_TOO_LONG');
    else if (comments && !isSafeText(comments, { lines: true })) fail('comments', 'INVALID_CHARACTERS');

    if (sideText && !side && !sideAsGroup) fail('side', 'UNKNOWN_SIDE');

    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    candidates.push({ row: raw.row, fullName, phoneNumber: phoneNumber!, countOfInvites: countOfInvites!, groupName, lang: lang!, comments, side, newGroupKey });
  }

  const groupRoom = Math.max(0, context.maxGroups - context.existingGroups.length);
  const newGroups = new Map<string, string>();
  const valid: ValidGuestRow[] = [];
  let guestRoom = Math.max(0, context.guestRoom);
  for (const { newGroupKey, ...candidate } of candidates) {
    if (newGroupKey !== null && !newGroups.has(newGroupKey)) {
      if (newGroups.size >= groupRoom) {
        errors.push({ row: candidate.row, column: 'group', code: 'TOO_MANY_GROUPS', name: reportText(candidate.fullName), value: reportText(candidate.groupName!) });
        continue;
      }
    }
    if (guestRoom === 0) {
      // The whole row is refused, so the report points at the guest's name.
      errors.push({ row: candidate.row, column: 'fullName', code: 'INVITEE_LIMIT_REACHED', name: reportText(candidate.fullName) });
      continue;
    }
    if (newGroupKey !== null && !newGroups.has(newGroupKey)) newGroups.set(newGroupKey, candidate.groupName!);
    guestRoom--;
    valid.push(candidate);
  }
  errors.sort((a, b) => a.row - b.row);
  return { total, valid, errors, newGroups: [...newGroups.values()] };
};
