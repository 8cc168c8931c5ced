/**
 * CSV (RFC 4180) for the back office's export (docs/back-office.md "Export"). A cell that a
 * spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage return) gets a
 * leading apostrophe, so an applicant's "=HYPERLINK(...)" stays text (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header line and one line per row, CRLF-separated, ending with CRLF. */
export function toCsv(headings: string[], rows: (string | number | null)[][]): string {
  return [headings, ...rows].map((cells) => cells.map(csvCell).join(',') + '\r\n').join('');
}
