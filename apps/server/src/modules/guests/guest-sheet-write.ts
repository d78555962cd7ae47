import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../../platform/excel.js';
import {
  formatPhone,
  GUEST_COLUMN_TITLES,
  GUEST_EXPORT_EXTRA_TITLES,
  GUEST_EXPORT_SPLIT_TITLES,
  GUEST_SHEET_NAMES,
  GUEST_STATUS_LABELS,
  isLang,
  LANGUAGE_OWN_NAMES,
  RTL_LANGUAGES,
  SPECIAL_MEAL_LABELS,
  YES_LABEL,
  type SpecialMeal,
  type GroupDto,
  type GuestDto,
  type Lang,
  sideLabelOf,
  type SideLabels,
} from '@magiim/shared';

/**
 * Text a spreadsheet could take for a formula (=, +, -, @, or a tab or carriage return first) gets a leading
 * apostrophe, so a guest named "=HYPERLINK(…)" stays a name in Excel, LibreOffice and Google Sheets (OWASP).
 */
export const escapeCellText = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

interface ColumnSpec {
  title: string;
  width: number;
}

const newSheet = async (lang: Lang, columns: ColumnSpec[]) => {
  const workbook = new (await loadExcelJs()).Workbook();
  workbook.creator = 'Magiim';
  const sheet = workbook.addWorksheet(GUEST_SHEET_NAMES[lang], {
    views: [{ state: 'frozen', ySplit: 1, rightToLeft: RTL_LANGUAGES.includes(lang) }],
  });
  sheet.columns = columns.map(({ title, width }) => ({ header: title, width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF1EAF7' } };
  return { workbook, sheet };
};

const importColumns = (lang: Lang): ColumnSpec[] => [
  { title: GUEST_COLUMN_TITLES.fullName[lang], width: 28 },
  { title: GUEST_COLUMN_TITLES.phoneNumber[lang], width: 18 },
  { title: GUEST_COLUMN_TITLES.countOfInvites[lang], width: 14 },
  { title: GUEST_COLUMN_TITLES.group[lang], width: 18 },
  { title: GUEST_COLUMN_TITLES.lang[lang], width: 12 },
];

const toBuffer = async (workbook: ExcelJS.Workbook): Promise<Buffer> => Buffer.from(await workbook.xlsx.writeBuffer());

export const writeGuestSheetFile = async (lang: Lang, guestList: Iterable<GuestDto>, groups: GroupDto[], sideLabels?: SideLabels | null): Promise<Buffer> => {
  const guests = [...guestList];
  // Issue 32: the split's columns at the end, when some guest told one (an event that never asked keeps its columns).
  const splitKeys = (['adults', 'children', 'men', 'women'] as const).filter((key) => guests.some((guest) => guest.answer?.[key] !== undefined));
  const { workbook, sheet } = await newSheet(lang, [
    ...importColumns(lang),
    { title: GUEST_EXPORT_EXTRA_TITLES.status[lang], width: 16 },
    { title: GUEST_EXPORT_EXTRA_TITLES.attending[lang], width: 10 },
    { title: GUEST_EXPORT_EXTRA_TITLES.specialMeals[lang], width: 24 },
    { title: GUEST_EXPORT_EXTRA_TITLES.transport[lang], width: 18 },
    { title: GUEST_EXPORT_EXTRA_TITLES.guestComments[lang], width: 32 },
    { title: GUEST_EXPORT_EXTRA_TITLES.changedDecision[lang], width: 12 },
    { title: GUEST_EXPORT_EXTRA_TITLES.viewedCount[lang], width: 14 },
    { title: GUEST_EXPORT_EXTRA_TITLES.comments[lang], width: 40 },
    { title: GUEST_EXPORT_EXTRA_TITLES.inviteUrl[lang], width: 48 },
    // Issue 32: the couple's side, last so the columns before it keep their places.
    { title: GUEST_COLUMN_TITLES.side[lang], width: 16 },
    ...splitKeys.map((key) => ({ title: GUEST_EXPORT_SPLIT_TITLES[key][lang], width: 10 })),
  ]);
  const groupNames = new Map(groups.map((group) => [group.id, group.name]));
  for (const guest of guests) {
    sheet.addRow([
      escapeCellText(guest.fullName),
      // Text, not a number: a number would lose the leading 0 and show in Excel's own format.
      formatPhone(guest.phoneNumber),
      guest.countOfInvites,
      escapeCellText(guest.groupId ? (groupNames.get(guest.groupId) ?? '') : ''),
      isLang(guest.lang) ? LANGUAGE_OWN_NAMES[guest.lang] : guest.lang,
      GUEST_STATUS_LABELS[guest.status][lang],
      guest.attending ?? '',
      Object.entries(guest.answer?.meals ?? {})
        .filter(([, count]) => count)
        .map(([meal, count]) => `${SPECIAL_MEAL_LABELS[meal as SpecialMeal][lang]} × ${count}`)
        .join(', '),
      escapeCellText(guest.answer?.transport?.option ?? ''),
      escapeCellText(guest.answer?.comments ?? ''),
      guest.changedDecision ? YES_LABEL[lang] : '',
      guest.viewedCount,
      escapeCellText(guest.comments),
      guest.inviteUrl,
      guest.side ? escapeCellText(sideLabelOf(guest.side, sideLabels, lang)) : '',
      ...splitKeys.map((key) => guest.answer?.[key] ?? ''),
    ]);
  }
  return toBuffer(workbook);
};

const EXAMPLE: Record<Lang, { name: string; group: string }> = {
  he: { name: 'ישראל ישראלי', group: 'משפחה' },
  en: { name: 'Dana Cohen', group: 'Family' },
  ru: { name: 'Анна Коэн', group: 'Семья' },
  ar: { name: 'سلمى خوري', group: 'العائلة' },
};

export const writeImportTemplateFile = async (lang: Lang): Promise<Buffer> => {
  const { workbook, sheet } = await newSheet(lang, importColumns(lang));
  sheet.addRow([EXAMPLE[lang].name, '050-123-4567', 2, EXAMPLE[lang].group, LANGUAGE_OWN_NAMES[lang]]);
  return toBuffer(workbook);
};
