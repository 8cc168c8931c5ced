import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { COMMON_PASSWORDS } from './common-passwords.js';

/**
 * Staff passwords are hashed with Node's scrypt at OWASP's recommended cost (decision 0027):
 * N = 2^17 (128 MiB of memory per hash), r = 8, p = 1, a 16-byte random salt and a 32-byte key.
 * The parameters are stored with each hash so that they can be raised later: a hash made with
 * older parameters is still verified with its own.
 */
export const SCRYPT_PARAMETERS = { N: 2 ** 17, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

/** NCSC and NIST SP 800-63B: length over complexity rules; 12 characters at least. */
export const MIN_PASSWORD_LENGTH = 12;
/** Bounds the work of one hash; no password manager produces more. */
export const MAX_PASSWORD_LENGTH = 200;

export const PASSWORD_MESSAGES = {
  tooShort: `Enter a password of at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: `Enter a password of ${MAX_PASSWORD_LENGTH} characters or fewer`,
  common: 'This password is too common. Choose a password that is harder to guess',
} as const;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, length: number) {
  return new Promise<Buffer>((resolve, reject) => {
    // scrypt needs 128 * N * r bytes; the default 32 MiB cap would refuse N = 2^17.
    scrypt(password, salt, length, { N, r, p, maxmem: 256 * N * r }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** 'scrypt$N$r$p$salt$key', salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = SCRYPT_PARAMETERS;
  const salt = randomBytes(saltLength);
  const key = await derive(password.normalize('NFKC'), salt, N, r, p, keyLength);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(
    password.normalize('NFKC'),
    Buffer.from(salt, 'base64url'),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | null = null;

/**
 * A hash to check a password against when the account does not exist, so that an unknown
 * address takes as long to refuse as a wrong password (no account discovery by timing).
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not a real password, only spends the time');
  return dummyHash;
}

/**
 * The password's root once decorations are stripped: 'Password2024!' and 'qwerty123456' come
 * down to 'password' and 'qwerty', which the list then catches.
 */
function roots(password: string): string[] {
  const lower = password.toLowerCase().normalize('NFKC');
  const stripped = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const leet = stripped
    .replaceAll('@', 'a')
    .replaceAll('0', 'o')
    .replaceAll('1', 'i')
    .replaceAll('3', 'e')
    .replaceAll('$', 's');
  return [lower, stripped, leet];
}

/** The reason a new password is refused, or null when it may be used. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if ([...password].length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (roots(password).some((root) => COMMON_PASSWORDS.has(root))) return PASSWORD_MESSAGES.common;
  // One character, or one short pattern, repeated: 'aaaaaaaaaaaa', 'abcabcabcabc'.
  if (/^(.{1,4})\1+$/u.test(password)) return PASSWORD_MESSAGES.common;
  return null;
}
