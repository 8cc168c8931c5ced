/**
 * An upload link's secret (docs/documents.md) is an e-mailed-link token like save and come back
 * later's (links/tokens.ts, decision 0086): 256 random bits in the link, only its SHA-256 stored.
 */
export { hashLinkToken, isLinkTokenShaped, newLinkToken } from '../links/tokens.js';

/** Days an upload link stands (decision 0095). */
export const DOCUMENT_LINK_DAYS = 14;
