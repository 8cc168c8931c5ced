import { phoneInGroups } from '@broker/domain';

/**
 * CSV (RFC 4180) for the back office's export (docs/back-office.md "Export"), safe whichever
 * separator a spreadsheet reads it with (comma, semicolon or tab; OWASP "CSV injection"):
 * - a cell holding a separator, a quote or a line break is quoted;
 * - a cell that a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage
 *   return) gets a leading apostrophe, and so does every part of it after a `,` `;` or tab,
 *   since a spreadsheet splitting on that character would start a cell there;
 * - phone numbers are written with a space (`phoneAsText`), so that no spreadsheet reads them
 *   as numbers and drops their leading 0.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_SEPARATOR = /([,;\t] *)(?=[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string') {
    text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A UK phone number (the payload's digits) as text a spreadsheet keeps as it is: the domain's
 * grouping (`phoneInGroups`), the same the back office shows.
 */
export const phoneAsText = phoneInGroups;

/**
 * A stored time as the CSV writes it: UTC to the second, `2026-11-27 01:19:05`, the columns
 * headed "(UTC)". Spreadsheets read it as a date and time whatever their locale, it sorts as
 * text, and no hour is repeated when the clocks go back (docs/decisions/0081-one-date-format.md).
 */
export function timeAsText(iso: string | null): string | null {
  if (iso === null) return null;
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return time.toISOString().slice(0, 19).replace('T', ' ');
}

/** A header line and one line per row, CRLF-separated, ending with CRLF. */
export function toCsv(headings: string[], rows: (string | number | null)[][]): string {
  return [headings, ...rows].map((cells) => cells.map(csvCell).join(',') + '\r\n').join('');
}
