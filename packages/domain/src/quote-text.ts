import { formatGBP } from './money.js';
import type { IndicativeQuote } from './schemas.js';

/**
 * The indicative quote in words, as the outcome page and the copy e-mail both show it
 * (docs/decisions/0023-quote-on-the-outcome-page.md, docs/mail.md): one wording, so the
 * applicant's record says what the page said.
 */

/** docs/design.md D11: the risk warning wherever a loan secured on a home is offered. */
export const REPOSSESSION_WARNING =
  'Your home may be repossessed if you do not keep up repayments on a mortgage or any other debt secured on it.';

/** The quote's status, in bold where a page can show it, then what it rests on. */
export const QUOTE_STATUS = 'This quote is indicative and subject to status.';
export const quoteBasis = (lender: string) =>
  `It is based on what you told us and is not an offer of credit. ${lender} will confirm the ` +
  'rate after its own checks.';

/** 0.079 → '7.9%', 0.12 → '12.0%': rates are quoted to one decimal place. */
export function formatRate(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-04-09' → '9 April 2026'. */
export function formatQuoteDate(isoDate: string): string {
  return LONG_DATE.format(new Date(`${isoDate}T00:00:00Z`));
}

/** The quote's figures, label and value, in the order both show them. */
export function quoteRows(quote: IndicativeQuote): { label: string; value: string }[] {
  return [
    { label: 'Lender', value: quote.lender },
    { label: 'Product', value: quote.product },
    { label: 'Amount of credit', value: formatGBP(quote.amount) },
    { label: 'Term', value: `${quote.termMonths} months` },
    { label: quote.rateLabel, value: formatRate(quote.apr) },
    { label: 'Monthly payment', value: formatGBP(quote.monthlyPayment) },
    { label: 'Total cost of credit', value: formatGBP(quote.totalCostOfCredit) },
    { label: 'Total amount payable', value: formatGBP(quote.totalPayable) },
    { label: 'Quote valid until', value: formatQuoteDate(quote.validUntil) },
  ];
}

/** The commission disclosure (CONC 4.5.3R), for a quote's lender or, without one, any lender. */
export const commissionDisclosure = (lender: string | null) =>
  `If you take out ${lender === null ? 'finance, the lender' : `this finance, ${lender}`} may ` +
  'pay us commission. The amount, and how it is worked out, is available on request before you ' +
  'sign anything.';
