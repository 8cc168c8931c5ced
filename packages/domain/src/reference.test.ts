import { describe, expect, it } from 'vitest';
import {
  confirmsErasure,
  ERASURE_WORD,
  erasureConfirmation,
  newReference,
  parseReference,
  REFERENCE_ALPHABET,
  referenceCheckCharacter,
} from './reference.js';

describe('application reference', () => {
  it('has 30 characters and none that look alike', () => {
    expect(REFERENCE_ALPHABET).toHaveLength(30);
    for (const lookAlike of ['0', 'O', '1', 'I', 'L', 'U']) {
      expect(REFERENCE_ALPHABET).not.toContain(lookAlike);
    }
    expect(new Set(REFERENCE_ALPHABET).size).toBe(30);
  });

  it('makes 8 characters whose last is the check character', () => {
    let next = 0;
    const reference = newReference((max) => (next++ * 7) % max);
    expect(reference).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    expect(reference.slice(-1)).toBe(referenceCheckCharacter(reference.slice(0, 7)));
    expect(parseReference(reference)).toBe(reference);
  });

  it('computes Luhn mod 30: a known value', () => {
    // '2345678' are indices 0–6; from the right, every other one doubled: 12 + 5 + 8 + 3 + 4
    // + 1 + 0 = 33; 33 mod 30 = 3; check index 30 - 3 = 27, which is 'X'.
    expect(referenceCheckCharacter('2345678')).toBe('X');
    expect(parseReference('2345678X')).toBe('2345678X');
  });

  it('reads what was typed or said: case, spaces and hyphens ignored', () => {
    expect(parseReference(' 2345-678x ')).toBe('2345678X');
    expect(parseReference('2345 678X')).toBe('2345678X');
    const reference = newReference(() => 11);
    expect(parseReference(reference.toLowerCase())).toBe(reference);
  });

  it('refuses every single wrong character', () => {
    const reference = newReference((max) => Math.floor(max / 3));
    for (let position = 0; position < reference.length; position += 1) {
      for (const character of REFERENCE_ALPHABET) {
        if (character === reference[position]) continue;
        const wrong = reference.slice(0, position) + character + reference.slice(position + 1);
        expect(parseReference(wrong)).toBeNull();
      }
    }
  });

  it('refuses swapped neighbours', () => {
    const reference = 'K7MQ4XR';
    const full = reference + referenceCheckCharacter(reference);
    for (let position = 0; position < full.length - 1; position += 1) {
      if (full[position] === full[position + 1]) continue;
      const swapped =
        full.slice(0, position) + full[position + 1] + full[position] + full.slice(position + 2);
      expect(parseReference(swapped)).toBeNull();
    }
  });

  it('refuses wrong lengths and characters outside the alphabet', () => {
    expect(parseReference('2345678')).toBeNull();
    expect(parseReference('234567877')).toBeNull();
    expect(parseReference('O345678X')).toBeNull();
    expect(parseReference('')).toBeNull();
  });
});

describe('the erasure confirmation (docs/decisions/0082-erasure-confirmed-by-reference.md)', () => {
  it('is the reference of the most recent application that has one, else the word ERASE', () => {
    expect(
      erasureConfirmation([
        { id: 1, reference: 'AAAAAAA1', createdAt: '2026-01-01T10:00:00.000Z' },
        { id: 2, reference: 'BBBBBBB2', createdAt: '2026-02-01T10:00:00.000Z' },
        { id: 3, reference: null, createdAt: '2026-03-01T10:00:00.000Z' },
      ]),
    ).toBe('BBBBBBB2');
    expect(
      erasureConfirmation([
        { id: 4, reference: 'CCCCCCC3', createdAt: '2026-02-01T10:00:00.000Z' },
        { id: 5, reference: 'DDDDDDD4', createdAt: '2026-02-01T10:00:00.000Z' },
      ]),
    ).toBe('DDDDDDD4');
    expect(erasureConfirmation([{ id: 6, reference: null, createdAt: '2026-01-01' }])).toBe(
      ERASURE_WORD,
    );
    expect(ERASURE_WORD).toBe('ERASE');
  });

  it('accepts what was typed whatever its spaces and letter case, and nothing else', () => {
    expect(confirmsErasure(' bbbb bbb2 ', 'BBBBBBB2')).toBe(true);
    expect(confirmsErasure('BBBBBBB3', 'BBBBBBB2')).toBe(false);
    expect(confirmsErasure('', 'BBBBBBB2')).toBe(false);
  });
});
