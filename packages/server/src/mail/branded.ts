/**
 * The one way the service writes an e-mail to an applicant (docs/mail.md): a brand's name and
 * colour, a heading, paragraphs, optional sections of label/value rows, an optional link, and a
 * footer saying why the person got it. Rendered twice from the same content: plain text (every
 * client reads it; the development mailbox keeps it) and simple HTML with inline styles. Every
 * value is escaped in the HTML, so nothing an applicant or a member of staff typed can add markup.
 */

export interface MailBrand {
  name: string;
  /** A colour behind white text (the brand's theme colour, 4.5:1 or more against white). */
  colour: string;
}

export interface MailRow {
  label: string;
  value: string;
}

export interface MailSection {
  title: string;
  rows: readonly MailRow[];
}

export interface BrandedMailContent {
  brand: MailBrand;
  subject: string;
  heading: string;
  paragraphs: readonly string[];
  sections?: readonly MailSection[];
  /** A link the mail is for (a resume or upload link): a button in HTML, the URL in text. */
  action?: { label: string; url: string };
  /** After the content: why the person got this mail, what to do if they did not ask for it. */
  footer: readonly string[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** Only a colour written as #rgb or #rrggbb reaches a style attribute. */
function safeColour(colour: string): string {
  return /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(colour) ? colour : '#1d4f91';
}

function textOf(content: BrandedMailContent): string {
  const lines: string[] = [content.brand.name, '', content.heading, ''];
  for (const paragraph of content.paragraphs) lines.push(paragraph, '');
  for (const section of content.sections ?? []) {
    lines.push(section.title, '-'.repeat(Math.min(section.title.length, 60)));
    for (const row of section.rows) lines.push(`${row.label}: ${row.value}`);
    lines.push('');
  }
  if (content.action) lines.push(`${content.action.label}:`, content.action.url, '');
  lines.push('--', ...content.footer);
  return lines.join('\n');
}

function htmlOf(content: BrandedMailContent): string {
  const colour = safeColour(content.brand.colour);
  const font = 'font-family:Arial,Helvetica,sans-serif;color:#0b0c0c;';
  const parts: string[] = [
    '<!doctype html>',
    '<html lang="en-GB">',
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f2f1;${font}">`,
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;">',
    `<div style="background:${colour};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold;">${escapeHtml(content.brand.name)}</div>`,
    '<div style="padding:24px;font-size:16px;line-height:1.5;">',
    `<h1 style="font-size:24px;margin:0 0 16px;">${escapeHtml(content.heading)}</h1>`,
  ];
  for (const paragraph of content.paragraphs) {
    parts.push(`<p style="margin:0 0 16px;">${escapeHtml(paragraph)}</p>`);
  }
  for (const section of content.sections ?? []) {
    parts.push(`<h2 style="font-size:19px;margin:24px 0 8px;">${escapeHtml(section.title)}</h2>`);
    parts.push('<table style="border-collapse:collapse;width:100%;">');
    for (const row of section.rows) {
      parts.push(
        '<tr>' +
          `<th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;border-bottom:1px solid #b1b4b6;width:45%;">${escapeHtml(row.label)}</th>` +
          `<td style="vertical-align:top;padding:6px 0;border-bottom:1px solid #b1b4b6;">${escapeHtml(row.value)}</td>` +
          '</tr>',
      );
    }
    parts.push('</table>');
  }
  if (content.action) {
    const url = escapeHtml(content.action.url);
    parts.push(
      `<p style="margin:24px 0;"><a href="${url}" style="display:inline-block;background:${colour};color:#ffffff;padding:12px 20px;text-decoration:none;font-weight:bold;">${escapeHtml(content.action.label)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:14px;overflow-wrap:anywhere;word-break:break-all;">If the button does not work, copy this address into your browser: ${url}</p>`,
    );
  }
  parts.push(
    '<hr style="border:0;border-top:1px solid #b1b4b6;margin:24px 0;">',
    ...content.footer.map(
      (line) => `<p style="margin:0 0 8px;font-size:14px;color:#505a5f;">${escapeHtml(line)}</p>`,
    ),
    '</div></div></body></html>',
  );
  return parts.join('\n');
}

export function renderBrandedMail(content: BrandedMailContent): RenderedMail {
  return { subject: content.subject, text: textOf(content), html: htmlOf(content) };
}
