import { describe, expect, it } from 'vitest';
import { isValidPostcode, normalisePostcode } from './postcode.js';

describe('isValidPostcode', () => {
  it.each([
    'SW1A 2AA',
    'sw1a2aa',
    ' ec1a  1bb ',
    'M1 1AE',
    'B33 8TH',
    'CR2 6XH',
    'DN55 1PT',
    'W1A 0AX',
    'BT1 5GS',
  ])('accepts %j', (value) => {
    expect(isValidPostcode(value)).toBe(true);
  });

  it.each(['', '   ', 'SW1A', '2AA', 'SW1A 2A', 'SW1A 2AAA', '12345', 'S W 1 A', 'NOT A POSTCODE'])(
    'rejects %j',
    (value) => {
      expect(isValidPostcode(value)).toBe(false);
    },
  );

  it('rejects null and undefined', () => {
    expect(isValidPostcode(null)).toBe(false);
    expect(isValidPostcode(undefined)).toBe(false);
  });
});

describe('normalisePostcode', () => {
  it.each([
    ['sw1a2aa', 'SW1A 2AA'],
    ['SW1A 2AA', 'SW1A 2AA'],
    ['  sw1a   2aa ', 'SW1A 2AA'],
    ['s w 1 a 2 a a', 'SW1A 2AA'],
    ['m11ae', 'M1 1AE'],
    ['b338th', 'B33 8TH'],
    ['dn551pt', 'DN55 1PT'],
  ])('normalises the valid postcode %j to %j', (raw, expected) => {
    expect(normalisePostcode(raw)).toBe(expected);
  });

  it('applies the textual rule to an invalid value whose last three characters start with a digit', () => {
    expect(normalisePostcode('sw1ab 2aa')).toBe('SW1AB 2AA');
    expect(normalisePostcode('abcd1ef')).toBe('ABCD 1EF');
    expect(normalisePostcode('12345')).toBe('12 345');
  });

  it('only upper-cases an invalid value that is too short or has no digit-led ending', () => {
    expect(normalisePostcode('a1bc')).toBe('A1BC');
    expect(normalisePostcode('sw1a2a')).toBe('SW1A2A');
    expect(normalisePostcode('hello')).toBe('HELLO');
  });

  it('gives null for an empty value', () => {
    expect(normalisePostcode('')).toBeNull();
    expect(normalisePostcode('   ')).toBeNull();
    expect(normalisePostcode(null)).toBeNull();
    expect(normalisePostcode(undefined)).toBeNull();
  });
});
