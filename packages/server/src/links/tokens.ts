import { createHash, randomBytes } from 'node:crypto';

/**
 * Link tokens for e-mailed links (save and come back later; later, document upload links):
 * docs/decisions/0086-save-and-return-links.md. A token is 32 random bytes (256 bits) in
 * base64url, sent only in the link; the database keeps its SHA-256, so a copy of the database
 * opens nothing. A random token needs no salt or slow hash: nobody can guess one to test it.
 * Single use and expiry are the caller's columns (`used_at`, `expires_at`), checked in the same
 * update that spends the token (`linkState` says what a token found).
 */

export const LINK_TOKEN_BYTES = 32;

/** 43 base64url characters: exactly what `newLinkToken` makes. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface LinkToken {
  /** Goes into the link, never stored or logged. */
  token: string;
  /** Stored: hex SHA-256 of the token. */
  hash: string;
}

export function newLinkToken(): LinkToken {
  const token = randomBytes(LINK_TOKEN_BYTES).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function isLinkTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value);
}

/** What a link's token finds: usable, spent, past its time, or nothing. */
export type LinkState = 'usable' | 'used' | 'expired' | 'unknown';

export function linkState(
  row: { used_at: string | null; expires_at: string } | undefined,
  now: Date,
): LinkState {
  if (!row) return 'unknown';
  if (row.used_at !== null) return 'used';
  return row.expires_at <= now.toISOString() ? 'expired' : 'usable';
}
