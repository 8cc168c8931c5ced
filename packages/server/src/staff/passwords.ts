import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { sharedHashPool } from './hash-pool.js';
import type { HashPool } from './hash-pool.js';

/**
 * Staff passwords are hashed with scrypt at OWASP's recommended cost (decision 0027):
 * N = 2^17 (128 MiB of memory per hash), r = 8, p = 1, a 16-byte random salt and a 32-byte key.
 * The parameters are stored with each hash so that they can be raised later: a hash made with
 * older parameters is still verified with its own. Every hash runs in the hashing pool
 * (hash-pool.ts, decision 0056), never on libuv's thread pool.
 */
export const SCRYPT_PARAMETERS = { N: 2 ** 17, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

export interface ScryptParameters {
  N: number;
  r: number;
  p: number;
  keyLength: number;
  saltLength: number;
}

/** NCSC and NIST SP 800-63B: length over complexity rules; 12 characters at least. */
export const MIN_PASSWORD_LENGTH = 12;
/** Bounds the work of one hash; no password manager produces more. */
export const MAX_PASSWORD_LENGTH = 200;
/**
 * zxcvbn's score (0 to 4) a new password must reach: 3 is "safely unguessable", about 10^10
 * guesses, which an attacker holding a stolen hash cannot make against scrypt at this cost.
 */
export const MIN_PASSWORD_SCORE = 3;

export const PASSWORD_MESSAGES = {
  tooShort: `Enter a password of at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: `Enter a password of ${MAX_PASSWORD_LENGTH} characters or fewer`,
  weak: 'This password is too easy to guess. Choose a longer one, such as 3 or 4 unrelated words',
  personal: 'Your password must not contain your name or e-mail address',
} as const;

function derive(
  pool: HashPool,
  password: string,
  salt: Buffer,
  N: number,
  r: number,
  p: number,
  length: number,
) {
  return pool.scrypt({ password: password.normalize('NFKC'), salt, N, r, p, keyLength: length });
}

/** 'scrypt$N$r$p$salt$key', salt and key in base64url. */
export async function hashPassword(
  password: string,
  pool: HashPool = sharedHashPool(),
  parameters: ScryptParameters = SCRYPT_PARAMETERS,
): Promise<string> {
  const { N, r, p, keyLength, saltLength } = parameters;
  const salt = randomBytes(saltLength);
  const key = await derive(pool, password, salt, N, r, p, keyLength);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(
  password: string,
  stored: string,
  pool: HashPool = sharedHashPool(),
): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(
    pool,
    password,
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
export function dummyPasswordHash(pool: HashPool = sharedHashPool()): Promise<string> {
  dummyHash ??= hashPassword('not a real password, only spends the time', pool);
  // A refused first try (a full pool) must not leave a rejected promise for every later call.
  dummyHash.catch(() => {
    dummyHash = null;
  });
  return dummyHash;
}

let estimator: Promise<ZxcvbnFactory> | null = null;

/**
 * zxcvbn with its common and English dictionaries, loaded at the first password set (a few MB
 * the server does not need before). Server side only: the back office shows the answer's
 * message, and the applicant's app never sees any of it.
 */
function passwordEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, english]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        translations: english.translations,
      }),
  );
  return estimator;
}

/** Letters and digits only, lower case: 'Mary.Jackson@Broker' → 'maryjacksonbroker'. */
function folded(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The parts of a member's identity a password must not contain (3 characters or more). */
function personalParts(member: { email: string; name: string }): string[] {
  const [local = '', domain = ''] = member.email.split('@');
  const words = [
    member.email,
    local,
    ...local.split(/[._+-]+/),
    domain.split('.')[0] ?? '',
    member.name,
    ...member.name.split(/\s+/),
  ];
  return [...new Set(words.map(folded).filter((word) => word.length >= 3))];
}

/**
 * The reason a new password is refused, or null when it may be used: too short or long, holding
 * the member's own name or e-mail address, or guessed too easily by zxcvbn (with the member's
 * name and address among the words it tries).
 */
export async function passwordProblem(
  password: string,
  member: { email: string; name: string },
): Promise<string | null> {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong;
  const candidate = folded(password);
  if (personalParts(member).some((part) => candidate.includes(part))) {
    return PASSWORD_MESSAGES.personal;
  }
  const zxcvbn = await passwordEstimator();
  // zxcvbn's matching grows with length; its authors advise checking a prefix of long input.
  const result = zxcvbn.check(password.slice(0, 100), personalParts(member));
  return result.score < MIN_PASSWORD_SCORE ? PASSWORD_MESSAGES.weak : null;
}
