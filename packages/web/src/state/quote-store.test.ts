import { beforeEach, describe, expect, it } from 'vitest';
import { parseQuote, QUOTE_STORAGE_KEY, readQuote, storeQuote } from './quote-store';

const QUOTE = {
  lenderId: 'hearthstone-homeowner',
  lender: 'Hearthstone Homeowner Loans (fictional)',
  productId: 'second-charge',
  product: 'Second-charge homeowner loan',
  rateLabel: 'APRC' as const,
  amount: 25000,
  termMonths: 180,
  apr: 0.119,
  monthlyPayment: 288.82,
  totalCostOfCredit: 26987.6,
  totalPayable: 51987.6,
  validUntil: '2026-04-09',
};

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('parseQuote', () => {
  it('keeps a complete quote and drops unknown fields', () => {
    expect(parseQuote({ ...QUOTE, extra: '<script>' })).toEqual(QUOTE);
  });

  it.each([
    ['no figures', { ...QUOTE, monthlyPayment: undefined }],
    ['a text figure', { ...QUOTE, totalPayable: '51987.60' }],
    ['a negative amount', { ...QUOTE, amount: -1 }],
    ['an APR written as a percentage', { ...QUOTE, apr: 11.9 }],
    ['another rate label', { ...QUOTE, rateLabel: 'AER' }],
    ['a broken date', { ...QUOTE, validUntil: 'soon' }],
    ['a term in years', { ...QUOTE, termMonths: 15.5 }],
    ['no lender', { ...QUOTE, lender: '' }],
  ])('refuses %s', (_name, value) => {
    expect(parseQuote(value)).toBeNull();
  });

  it('refuses what is not an object', () => {
    expect(parseQuote(null)).toBeNull();
    expect(parseQuote([QUOTE])).toBeNull();
  });
});

describe('storeQuote and readQuote', () => {
  it('reads back the quote of the same application only', () => {
    storeQuote({ applicationId: 'A-1', quote: QUOTE });
    expect(readQuote('A-1')).toEqual(QUOTE);
    expect(readQuote('A-2')).toBeNull();
    expect(readQuote(null)).toBeNull();
  });

  it('reads nothing from a damaged entry', () => {
    window.sessionStorage.setItem(QUOTE_STORAGE_KEY, '{not json');
    expect(readQuote('A-1')).toBeNull();
    window.sessionStorage.setItem(
      QUOTE_STORAGE_KEY,
      JSON.stringify({ applicationId: 'A-1', quote: { ...QUOTE, apr: 'low' } }),
    );
    expect(readQuote('A-1')).toBeNull();
  });
});
