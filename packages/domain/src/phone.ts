export interface DramaRange {
  /** First and last number of the block, as 11 digits. */
  first: string;
  last: string;
  area: string;
}

/**
 * Numbers Ofcom reserves for use in TV, radio and film (docs/design.md D6; source: Ofcom, "TV, radio
 * and theatre numbers", the drama numbers list): 20 blocks of 1,000, plus the Northern Ireland
 * block 028 9018 0xxx that Ofcom used before moving it to 028 9649 6xxx.
 */
export const DRAMA_RANGES: readonly DramaRange[] = [
  { first: '01134960000', last: '01134960999', area: 'Leeds' },
  { first: '01144960000', last: '01144960999', area: 'Sheffield' },
  { first: '01154960000', last: '01154960999', area: 'Nottingham' },
  { first: '01164960000', last: '01164960999', area: 'Leicester' },
  { first: '01174960000', last: '01174960999', area: 'Bristol' },
  { first: '01184960000', last: '01184960999', area: 'Reading' },
  { first: '01214960000', last: '01214960999', area: 'Birmingham' },
  { first: '01314960000', last: '01314960999', area: 'Edinburgh' },
  { first: '01414960000', last: '01414960999', area: 'Glasgow' },
  { first: '01514960000', last: '01514960999', area: 'Liverpool' },
  { first: '01614960000', last: '01614960999', area: 'Manchester' },
  { first: '02079460000', last: '02079460999', area: 'London' },
  { first: '01914980000', last: '01914980999', area: 'Tyneside, Durham and Sunderland' },
  { first: '02896496000', last: '02896496999', area: 'Northern Ireland' },
  { first: '02890180000', last: '02890180999', area: 'Northern Ireland (former block)' },
  { first: '02920180000', last: '02920180999', area: 'Cardiff' },
  { first: '01632960000', last: '01632960999', area: 'No area' },
  { first: '07700900000', last: '07700900999', area: 'Mobile' },
  { first: '08081570000', last: '08081570999', area: 'Freephone' },
  { first: '09098790000', last: '09098790999', area: 'Premium rate' },
  { first: '03069990000', last: '03069990999', area: 'UK-wide' },
];

/** docs/product.md §5: the UK prefixes a contact number may start with. */
export const ALLOWED_PREFIXES: readonly string[] = [
  '01',
  '02',
  '03',
  '05',
  '070',
  '071',
  '072',
  '073',
  '074',
  '075',
  '07624',
  '077',
  '078',
  '079',
];

/** True for a number (digits only, national format) inside one of the drama ranges. */
export function isDramaNumber(digits: string): boolean {
  // Equal-length digit strings compare like the numbers they spell.
  return DRAMA_RANGES.some(
    (range) =>
      digits.length === range.first.length && digits >= range.first && digits <= range.last,
  );
}

export function hasAllowedPrefix(digits: string): boolean {
  return ALLOWED_PREFIXES.some((prefix) => digits.startsWith(prefix));
}

/**
 * docs/product.md §5 payload rule: '+44' becomes a leading 0 (a following '(0)' trunk prefix is dropped
 * too, so '+44 (0)20…' does not become '0020…'), everything but digits is removed, and a 0 is
 * prepended when missing. Fewer than 2 digits left gives null.
 */
export function normalisePhoneForPayload(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const digits = raw
    .trim()
    .replace(/^\+44\s*(\(0\))?/, '0')
    .replace(/\D/g, '');
  if (digits.length < 2) return null;
  return digits.startsWith('0') ? digits : `0${digits}`;
}

/**
 * A UK phone number (the payload's digits) in the groups people read and type: 020 7946 0123,
 * 07700 900123, 01632 960123. The back office shows it so, and its CSV writes it so: a number
 * with a space is text to a spreadsheet, which then keeps the leading 0.
 */
export function phoneInGroups(digits: string | null): string | null {
  if (digits === null || digits.length <= 5) return digits;
  if (digits.length === 11 && digits.startsWith('02')) {
    return `${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`;
  }
  return `${digits.slice(0, 5)} ${digits.slice(5)}`;
}
