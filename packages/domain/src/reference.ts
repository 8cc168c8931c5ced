/**
 * The application reference people read over the phone (docs/decisions/0030-application-reference.md):
 * seven random characters and a check character, from an alphabet without look-alikes
 * (no 0, O, 1, I, L, and no U beside V), e.g. `K7MQ4XRD`.
 */

/** 30 characters: the digits 2–9 and the letters without I, L, O and U. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_LENGTH = 8;

const N = REFERENCE_ALPHABET.length;

function indexOf(character: string): number {
  return REFERENCE_ALPHABET.indexOf(character);
}

/**
 * Luhn mod N over the alphabet's indices: catches every single wrong character and every swap of
 * two neighbouring characters (except one pair of values, as in Luhn's own scheme).
 */
export function referenceCheckCharacter(body: string): string {
  let factor = 2;
  let sum = 0;
  for (let i = body.length - 1; i >= 0; i -= 1) {
    const code = indexOf(body[i]!);
    if (code < 0) throw new RangeError('Not a reference character');
    const addend = factor * code;
    sum += Math.floor(addend / N) + (addend % N);
    factor = factor === 2 ? 1 : 2;
  }
  return REFERENCE_ALPHABET[(N - (sum % N)) % N]!;
}

/**
 * A new reference; `randomIndex(max)` must return a uniformly random integer in [0, max)
 * (the server passes crypto.randomInt).
 */
export function newReference(randomIndex: (max: number) => number): string {
  let body = '';
  for (let i = 0; i < REFERENCE_LENGTH - 1; i += 1) body += REFERENCE_ALPHABET[randomIndex(N)];
  return body + referenceCheckCharacter(body);
}

/**
 * What someone typed or read out, as a stored reference: case, spaces and hyphens ignored.
 * Null unless it has the right length, only alphabet characters and a matching check character.
 */
export function parseReference(text: string): string | null {
  const value = text.replace(/[\s-]/g, '').toUpperCase();
  if (value.length !== REFERENCE_LENGTH) return null;
  for (const character of value) if (indexOf(character) < 0) return null;
  const body = value.slice(0, -1);
  return referenceCheckCharacter(body) === value.slice(-1) ? value : null;
}

/** What an admin types to confirm an erasure when none of the applications has a reference. */
export const ERASURE_WORD = 'ERASE';

/**
 * What an admin types to confirm erasing a person's data (docs/decisions/0082-erasure-confirmed-by-reference.md):
 * the reference of their most recent application that has one, else `ERASURE_WORD`. The back
 * office asks for it and the erasure route checks it, both with this rule.
 */
export function erasureConfirmation(
  applications: readonly { id: number; reference: string | null; createdAt: string }[],
): string {
  // Newest first; the later row first when two arrived in the same millisecond.
  const newest = [...applications]
    .filter((application) => application.reference !== null)
    .sort((a, b) =>
      a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1,
    )[0];
  return newest?.reference ?? ERASURE_WORD;
}

/** Whether what was typed is the confirmation: spaces and letter case do not matter. */
export function confirmsErasure(typed: string, expected: string): boolean {
  return typed.replace(/\s+/g, '').toUpperCase() === expected.toUpperCase();
}
