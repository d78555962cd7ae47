import { directionOf, type Lang } from '@magiim/shared';

export interface EmailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Renders the house e-mail: HTML laid out in the language's direction, and a plain-text twin. */
export const renderEmail = (lang: Lang, content: EmailContent): { subject: string; html: string; text: string } => {
  const dir = directionOf(lang);
  const align = dir === 'rtl' ? 'right' : 'left';
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#5e50ee;color:#ffffff;padding:12px 24px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p dir="ltr" style="margin:0 0 16px;font-size:13px;color:#555;text-align:left;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:#f4f3fd;font-family:Arial,Helvetica,sans-serif;color:#222">
<div dir="${dir}" style="max-width:560px;margin:0 auto;padding:24px;text-align:${align}">
<h1 style="color:#5e50ee;font-size:22px">Magiim · מגיעים</h1>
<div style="background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>${paragraphs}${button}
</div>
<p style="font-size:12px;color:#555;margin-top:16px">${escapeHtml(content.footer)}</p>
</div></body></html>`;
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    content.footer,
  ].join('\n');
  return { subject: content.subject, html, text };
};
