import { describe, expect, it } from 'vitest';
import { commissionDisclosure, formatQuoteDate, formatRate, quoteRows } from './quote-text.js';
import type { IndicativeQuote } from './schemas.js';

const quote: IndicativeQuote = {
  lenderId: 'northway',
  lender: 'Northway Finance',
  productId: 'northway-hp',
  product: 'Hire purchase',
  amount: 7500,
  termMonths: 48,
  apr: 0.079,
  rateLabel: 'APR',
  monthlyPayment: 181.7,
  totalCostOfCredit: 1221.6,
  totalPayable: 8721.6,
  validUntil: '2026-04-09',
};

describe('the quote in words, as the outcome page and the copy e-mail show it', () => {
  it('quotes rates to one decimal place and the validity as a long date', () => {
    expect(formatRate(0.079)).toBe('7.9%');
    expect(formatRate(0.12)).toBe('12.0%');
    expect(formatRate(0.18449)).toBe('18.4%');
    expect(formatQuoteDate('2026-04-09')).toBe('9 April 2026');
    expect(formatQuoteDate('2026-10-25')).toBe('25 October 2026');
  });

  it('lists the figures in the order both show them', () => {
    expect(quoteRows(quote).map(({ label, value }) => `${label}: ${value}`)).toEqual([
      'Lender: Northway Finance',
      'Product: Hire purchase',
      'Amount of credit: £7,500',
      'Term: 48 months',
      'APR: 7.9%',
      'Monthly payment: £181.70',
      'Total cost of credit: £1,221.60',
      'Total amount payable: £8,721.60',
      'Quote valid until: 9 April 2026',
    ]);
  });

  it('names the lender that may pay commission, or any lender without a quote', () => {
    expect(commissionDisclosure('Northway Finance')).toBe(
      'If you take out this finance, Northway Finance may pay us commission. The amount, and how ' +
        'it is worked out, is available on request before you sign anything.',
    );
    expect(commissionDisclosure(null)).toMatch(/^If you take out finance, the lender may pay us/);
  });
});
