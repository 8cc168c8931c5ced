import type { IndicativeQuote } from '@broker/domain';

/**
 * The indicative quote of an approval, kept in sessionStorage for the thank-you page
 * (docs/decisions/0023-quote-on-the-outcome-page.md). The answers are cleared when the server
 * answers (docs/product.md §4); the quote is kept apart from them, under its own key, with the
 * application id it belongs to, so the page never shows one application's quote under
 * another's reference.
 */
export const QUOTE_STORAGE_KEY = 'broker-quote';

export interface StoredQuote {
  applicationId: string;
  quote: IndicativeQuote;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 100;
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** Reads a quote by hand (zod would outweigh the page): every figure must be there. */
export function parseQuote(value: unknown): IndicativeQuote | null {
  if (!isRecord(value)) return null;
  const { lenderId, lender, productId, product, rateLabel, termMonths, validUntil } = value;
  if (!isText(lenderId) || !isText(lender) || !isText(productId) || !isText(product)) return null;
  if (rateLabel !== 'APR' && rateLabel !== 'APRC') return null;
  if (!Number.isInteger(termMonths) || (termMonths as number) < 1) return null;
  if (typeof validUntil !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(validUntil)) return null;
  const figures = ['amount', 'apr', 'monthlyPayment', 'totalCostOfCredit', 'totalPayable'] as const;
  if (!figures.every((name) => isAmount(value[name]))) return null;
  if ((value.apr as number) >= 1) return null;
  return {
    lenderId,
    lender,
    productId,
    product,
    rateLabel,
    termMonths: termMonths as number,
    validUntil,
    amount: value.amount as number,
    apr: value.apr as number,
    monthlyPayment: value.monthlyPayment as number,
    totalCostOfCredit: value.totalCostOfCredit as number,
    totalPayable: value.totalPayable as number,
  };
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function storeQuote(stored: StoredQuote): void {
  try {
    storage()?.setItem(QUOTE_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // A full or blocked store: the thank-you page then shows no quote, which it handles.
  }
}

/** The stored quote of this application, or null (none, unreadable, or another application's). */
export function readQuote(applicationId: string | null): IndicativeQuote | null {
  if (!applicationId) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(storage()?.getItem(QUOTE_STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(stored) || stored.applicationId !== applicationId) return null;
  return parseQuote(stored.quote);
}
