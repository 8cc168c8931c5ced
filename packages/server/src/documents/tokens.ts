import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret of an upload link (docs/documents.md): 32 random bytes (256 bits), base64url. Only
 * its SHA-256 is stored, so a copy of the database cannot be used to upload to or read an
 * application's documents. A slow hash buys nothing against 256 random bits.
 */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** What a token looks like; anything else is refused before the database is asked. */
export function isLinkTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** Days an upload link stands (decision 0095). */
export const DOCUMENT_LINK_DAYS = 14;
