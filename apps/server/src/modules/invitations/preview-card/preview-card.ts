import { directionOf, type Lang } from '@magiim/shared';
import sharp from 'sharp';
import { formatEventWhen } from '../page/event-when.js';
import { loadCardFonts } from './card-fonts.js';

export const PREVIEW_CARD_WIDTH = 1200;
export const PREVIEW_CARD_HEIGHT = 630;
/** Part of every card's address: a new look gets new addresses, so apps that cached the old one fetch again. */
export const PREVIEW_CARD_VERSION = 1;

export interface PreviewCardInput {
  name: string;
  /** YYYY-MM-DD and HH:mm, Asia/Jerusalem wall time. */
  date: string;
  time: string;
  lang: Lang;
}

// The design tokens (apps/web/src/design/tokens.ts).
const COLORS = { primary: '#6457E6', primarySoft: '#EEEBFD', gold: '#E8B64C', canvas: '#FBF8F5', paper: '#FFFFFF', ink: '#2A2433', inkSoft: '#5E5668', line: '#E9E3EC' };

const SITE_NAME: Record<Lang, string> = { he: 'מגיעים', en: 'Magiim', ru: 'Magiim', ar: 'Magiim' };
const RSVP: Record<Lang, string> = { he: 'לאישור הגעה', en: 'RSVP', ru: 'Ответить на приглашение', ar: 'تأكيد الحضور' };

const FAMILIES: Record<Lang, string> = { he: 'Rubik, Noto Sans Arabic', en: 'Rubik, Noto Sans Arabic', ru: 'Rubik, Noto Sans Arabic', ar: 'Noto Sans Arabic, Rubik' };

const escapeMarkup = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A paragraph's base direction follows the card's language, not its first letter (a Hebrew card may start "2027"). */
const directed = (lang: Lang, text: string): string => `${directionOf(lang) === 'rtl' ? '\u200F' : '\u200E'}${text}`;

interface TextBlock {
  text: string;
  lang: Lang;
  sizePx: number;
  color: string;
  bold?: boolean;
  width: number;
}

const renderText = async ({ text, lang, sizePx, color, bold = false, width }: TextBlock) => {
  const markup = `<span foreground="${color}">${escapeMarkup(directed(lang, text))}</span>`;
  const { data, info } = await sharp({
    text: { text: markup, font: `${FAMILIES[lang]} ${bold ? 'Bold' : 'Regular'} ${sizePx}px`, width, align: 'centre', wrap: 'word-char', rgba: true, dpi: 72 },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** The event's name as large as fits two lines (three for a long one) of the card. */
const renderName = async (name: string, lang: Lang) => {
  for (const sizePx of [84, 76, 68, 60, 52, 46]) {
    const block = await renderText({ text: name, lang, sizePx, color: COLORS.ink, bold: true, width: 960 });
    if (block.height <= 2.7 * sizePx || (sizePx <= 52 && block.height <= 230)) return block;
  }
  return renderText({ text: name, lang, sizePx: 40, color: COLORS.ink, bold: true, width: 960 });
};

const LOGO_MARK = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 48 48"><rect width="48" height="48" rx="13" fill="${COLORS.primary}"/><circle cx="18" cy="27" r="10.5" fill="none" stroke="#fff" stroke-width="3.8"/><circle cx="30" cy="27" r="10.5" fill="none" stroke="${COLORS.gold}" stroke-width="3.8"/><path d="M21.6 17.1a10.5 10.5 0 0 1 6.3 6.3" fill="none" stroke="#fff" stroke-width="3.8" stroke-linecap="round"/><path d="M38.5 4.5l1.4 3.4 3.4 1.4-3.4 1.4-1.4 3.4-1.4-3.4-3.4-1.4 3.4-1.4z" fill="#fff"/></svg>`;

const sparkle = (x: number, y: number, r: number, color: string) =>
  `<path transform="translate(${x} ${y}) scale(${r / 5})" d="M0 -5 L1.2 -1.2 L5 0 L1.2 1.2 L0 5 L-1.2 1.2 L-5 0 L-1.2 -1.2 Z" fill="${color}"/>`;

const background = (pill: { width: number; height: number; y: number }) => `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_CARD_WIDTH}" height="${PREVIEW_CARD_HEIGHT}">
  <defs>
    <linearGradient id="wash" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${COLORS.primarySoft}"/><stop offset="1" stop-color="${COLORS.canvas}"/></linearGradient>
    <filter id="shadow" x="-10%" y="-10%" width="120%" height="130%"><feDropShadow dx="0" dy="10" stdDeviation="18" flood-color="#2A2433" flood-opacity="0.10"/></filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#wash)"/>
  <circle cx="1130" cy="70" r="150" fill="none" stroke="${COLORS.gold}" stroke-width="10" opacity="0.45"/>
  <circle cx="1040" cy="70" r="150" fill="none" stroke="${COLORS.primary}" stroke-width="10" opacity="0.18"/>
  <circle cx="70" cy="600" r="130" fill="none" stroke="${COLORS.primary}" stroke-width="10" opacity="0.18"/>
  <circle cx="150" cy="600" r="130" fill="none" stroke="${COLORS.gold}" stroke-width="10" opacity="0.45"/>
  <rect x="70" y="56" width="1060" height="518" rx="32" fill="${COLORS.paper}" stroke="${COLORS.line}" stroke-width="2" filter="url(#shadow)"/>
  ${sparkle(150, 140, 14, COLORS.gold)}${sparkle(1060, 480, 12, COLORS.gold)}${sparkle(1085, 150, 7, COLORS.primary)}${sparkle(118, 470, 7, COLORS.primary)}
  <rect x="${(PREVIEW_CARD_WIDTH - pill.width) / 2}" y="${pill.y}" width="${pill.width}" height="${pill.height}" rx="${pill.height / 2}" fill="${COLORS.primary}"/>
</svg>`;

/**
 * The link preview of an event without an uploaded image: the brand's card with the event's name and date in the
 * guest's language (1200×630 JPEG, what WhatsApp, Facebook and Telegram show large). Text is laid out by Pango and
 * HarfBuzz (right-to-left, Arabic joining) in the app's own fonts.
 */
export const renderPreviewCard = async (input: PreviewCardInput): Promise<Buffer> => {
  await loadCardFonts();
  const { lang } = input;
  const when = formatEventWhen(lang, input.date, input.time);
  const [siteName, name, date, rsvp] = await Promise.all([
    renderText({ text: SITE_NAME[lang], lang, sizePx: 34, color: COLORS.primary, bold: true, width: 400 }),
    renderName(input.name, lang),
    renderText({ text: `${when.dateText} · ${when.timeText}`, lang, sizePx: 34, color: COLORS.inkSoft, width: 960 }),
    renderText({ text: RSVP[lang], lang, sizePx: 30, color: COLORS.paper, bold: true, width: 600 }),
  ]);

  // The brand line: the mark, then the name in reading order (the mark at the right in Hebrew and Arabic).
  const markSize = 64;
  const gap = 16;
  const brandWidth = markSize + gap + siteName.width;
  const brandLeft = Math.round((PREVIEW_CARD_WIDTH - brandWidth) / 2);
  const rtl = directionOf(lang) === 'rtl';
  const markLeft = rtl ? brandLeft + siteName.width + gap : brandLeft;
  const siteLeft = rtl ? brandLeft : brandLeft + markSize + gap;
  const brandTop = 92;

  const pill = { width: Math.max(240, rsvp.width + 72), height: rsvp.height + 26, y: 574 - 40 - (rsvp.height + 26) };
  // Name and date centred in the space between the brand line and the button.
  const spaceTop = brandTop + markSize + 24;
  const spaceBottom = pill.y - 24;
  const dateGap = 26;
  const blockHeight = name.height + dateGap + date.height;
  const nameTop = Math.round(spaceTop + (spaceBottom - spaceTop - blockHeight) / 2);

  const centred = (width: number) => Math.round((PREVIEW_CARD_WIDTH - width) / 2);
  return sharp(Buffer.from(background(pill)))
    .composite([
      { input: Buffer.from(LOGO_MARK), left: markLeft, top: brandTop },
      { input: siteName.data, left: siteLeft, top: brandTop + Math.round((markSize - siteName.height) / 2) },
      { input: name.data, left: centred(name.width), top: nameTop },
      { input: date.data, left: centred(date.width), top: nameTop + name.height + dateGap },
      { input: rsvp.data, left: centred(rsvp.width), top: pill.y + 13 },
    ])
    .flatten({ background: COLORS.canvas })
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
};
