import { isValid, toNormalised } from 'postcode';

function compact(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\s+/g, '');
}

/**
 * A UK postcode in any case and with any spacing ('sw1a2aa', 'SW1A  2AA'). Uses the `postcode`
 * package's format check (AA9A 9AA, A9A 9AA, A9 9AA, A99 9AA, AA9 9AA, AA99 9AA); it does not
 * know whether the postcode is in use, which is the address lookup's job.
 */
export function isValidPostcode(raw: string | null | undefined): boolean {
  // isValid is parse's own first test, without parse's seven derived parts.
  return isValid(compact(raw));
}

/**
 * docs/product.md §5 payload rule: spaces removed, a single space before the inward code, upper-cased.
 * A value that is not a valid postcode still gets the textual rule (a space before the last
 * three characters when they start with a digit and the whole is at least 5 long), so nothing
 * the user typed is lost; empty gives null.
 */
export function normalisePostcode(raw: string | null | undefined): string | null {
  const value = compact(raw);
  if (value === '') return null;
  // parse(value).postcode, without the other parts parse derives.
  if (isValid(value)) return toNormalised(value);
  const upper = value.toUpperCase();
  if (upper.length >= 5 && /^\d/.test(upper.slice(-3))) {
    return `${upper.slice(0, -3)} ${upper.slice(-3)}`;
  }
  return upper;
}
