/**
 * Money as the screens write it: pounds rounded to pence, and '£7,500' (docs/design.md D9). Apart
 * from finance.ts's maths so that a page that only shows an amount loads only this.
 */

/** Rounds to the nearest penny, working in whole pence so 0.1 + 0.2 style drift cannot leak. */
export function roundToPence(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

export interface FormatGbpOptions {
  /** true always shows pence, false never does; by default pence show when there are any. */
  pence?: boolean;
}

/**
 * '£7,500', '£216.45': what `Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })`
 * gives, built by hand. The first `Intl.NumberFormat` of a page loads the locale's data: about
 * 60 ms of a long task at 4× CPU when a deep link's first page shows an amount
 * (docs/performance.md, "Deep links: what runs in their long tasks"). Like the formatter, it
 * rounds half away from zero the shortest decimal that reads back as the number ('1.005' →
 * '1.01'), which `toFixed` does not.
 */
export function formatGBP(amount: number, options: FormatGbpOptions = {}): string {
  const pence = options.pence ?? !Number.isInteger(roundToPence(amount));
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  if (!Number.isFinite(amount)) return `${sign}£${Number.isNaN(amount) ? 'NaN' : '∞'}`;
  const digits = pence ? 2 : 0;
  const size = Math.abs(amount);
  const shortest = String(size);
  // Exponent notation: below a millionth, or 1e21 and above (whole numbers).
  const plain = !shortest.includes('e')
    ? shortest
    : size < 1
      ? size.toFixed(20)
      : BigInt(size).toString();
  const [whole = '0', part = ''] = plain.split('.');
  const units =
    BigInt(whole + part.slice(0, digits).padEnd(digits, '0')) +
    ((part[digits] ?? '0') >= '5' ? 1n : 0n);
  const text = units.toString().padStart(digits + 1, '0');
  const pounds = text.slice(0, text.length - digits).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}£${pounds}${digits ? `.${text.slice(-digits)}` : ''}`;
}
