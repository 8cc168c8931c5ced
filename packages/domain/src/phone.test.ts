import { describe, expect, it } from 'vitest';
import {
  ALLOWED_PREFIXES,
  DRAMA_RANGES,
  hasAllowedPrefix,
  isDramaNumber,
  normalisePhoneForPayload,
} from './phone.js';

function shift(digits: string, by: number): string {
  return (BigInt(digits) + BigInt(by)).toString().padStart(digits.length, '0');
}

describe('DRAMA_RANGES', () => {
  it('lists the 20 Ofcom blocks plus the former Northern Ireland block, 1,000 numbers each', () => {
    expect(DRAMA_RANGES).toHaveLength(21);
    for (const range of DRAMA_RANGES) {
      expect(range.first).toMatch(/^0\d{7}000$/);
      expect(range.last).toBe(`${range.first.slice(0, 8)}999`);
    }
    expect(new Set(DRAMA_RANGES.map((range) => range.first)).size).toBe(21);
  });
});

describe('isDramaNumber', () => {
  it.each([
    ['01134960000', '01134960999'],
    ['01144960000', '01144960999'],
    ['01154960000', '01154960999'],
    ['01164960000', '01164960999'],
    ['01174960000', '01174960999'],
    ['01184960000', '01184960999'],
    ['01214960000', '01214960999'],
    ['01314960000', '01314960999'],
    ['01414960000', '01414960999'],
    ['01514960000', '01514960999'],
    ['01614960000', '01614960999'],
    ['02079460000', '02079460999'],
    ['01914980000', '01914980999'],
    ['02896496000', '02896496999'],
    ['02890180000', '02890180999'],
    ['02920180000', '02920180999'],
    ['01632960000', '01632960999'],
    ['07700900000', '07700900999'],
    ['08081570000', '08081570999'],
    ['09098790000', '09098790999'],
    ['03069990000', '03069990999'],
  ])('blocks %s to %s and nothing either side', (first, last) => {
    expect(isDramaNumber(first)).toBe(true);
    expect(isDramaNumber(last)).toBe(true);
    expect(isDramaNumber(shift(first, 500))).toBe(true);
    expect(isDramaNumber(shift(first, -1))).toBe(false);
    expect(isDramaNumber(shift(last, 1))).toBe(false);
  });

  it('only matches whole 11-digit numbers', () => {
    expect(isDramaNumber('0113496000')).toBe(false);
    expect(isDramaNumber('011349600000')).toBe(false);
    expect(isDramaNumber('')).toBe(false);
  });

  it('lets ordinary numbers through', () => {
    expect(isDramaNumber('07700123456')).toBe(false);
    expect(isDramaNumber('02071234567')).toBe(false);
  });
});

describe('hasAllowedPrefix', () => {
  it.each([
    '01134960000',
    '02071234567',
    '03001234567',
    '05001234567',
    '07001234567',
    '07101234567',
    '07201234567',
    '07301234567',
    '07401234567',
    '07501234567',
    '07624123456',
    '07701234567',
    '07801234567',
    '07901234567',
  ])('allows %s', (digits) => {
    expect(hasAllowedPrefix(digits)).toBe(true);
  });

  it.each([
    '04001234567',
    '07600123456',
    '07623123456',
    '07625123456',
    '08001234567',
    '09001234567',
    '06001234567',
    '00441234567',
    '17700123456',
  ])('refuses %s', (digits) => {
    expect(hasAllowedPrefix(digits)).toBe(false);
  });

  it('has SPEC’s prefixes', () => {
    expect(ALLOWED_PREFIXES).toEqual([
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
    ]);
  });
});

describe('normalisePhoneForPayload', () => {
  it.each([
    ['07700123456', '07700123456'],
    ['+447700123456', '07700123456'],
    ['+44 7700 123 456', '07700123456'],
    ['+44 (0)20 7123 4567', '02071234567'],
    ['+44(0)2071234567', '02071234567'],
    ['  0770.012,3456 ', '07700123456'],
    ['7700123456', '07700123456'],
    ['+7700123456', '07700123456'],
    ['tel: 0161-123-4567', '01611234567'],
    ['12', '012'],
    ['00', '00'],
  ])('turns %j into %j', (raw, expected) => {
    expect(normalisePhoneForPayload(raw)).toBe(expected);
  });

  it.each([null, undefined, '', '   ', '5', '0', '+44', '+', 'abc', '.,+'])(
    'gives null for %j',
    (raw) => {
      expect(normalisePhoneForPayload(raw)).toBeNull();
    },
  );
});
