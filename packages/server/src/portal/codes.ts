import { createHmac, randomBytes, randomInt } from 'node:crypto';

/**
 * The customer portal's one-time codes (docs/decisions/0024-portal-codes.md). A code is six
 * digits, so its plain SHA-256 is reversed by trying all million values; only an HMAC keyed
 * with PORTAL_CODE_SECRET, which never reaches the database, is stored. The e-mail and the
 * purpose are part of the hashed text, so a hash copied to another account or use matches nothing.
 */
export type CodePurpose = 'passcode' | 'verification';

/** How long a code works after it is issued. */
export const PORTAL_CODE_TTL_MS = 15 * 60_000;
/** Wrong tries before a code is burnt: a million codes, five guesses. */
export const PORTAL_CODE_MAX_ATTEMPTS = 5;

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A secret for `local` when PORTAL_CODE_SECRET is unset: codes die with the process. */
export function generatedSecret(): string {
  return randomBytes(32).toString('base64url');
}

export interface CodeHasher {
  hash(purpose: CodePurpose, emailLower: string, code: string): string;
}

export function createCodeHasher(secret: string): CodeHasher {
  return {
    hash(purpose, emailLower, code) {
      return createHmac('sha256', secret)
        .update(`${purpose}\n${emailLower}\n${code}`)
        .digest('hex');
    },
  };
}

/** Six digits, nothing else: anything else cannot be a code and is not looked up. */
export function isCodeShaped(value: unknown): value is string {
  return typeof value === 'string' && /^\d{6}$/.test(value);
}
