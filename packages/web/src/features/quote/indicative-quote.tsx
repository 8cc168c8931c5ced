import { useId } from 'react';
import { formatGBP, type IndicativeQuote } from '@broker/domain';
import { RepossessionWarning } from '../secured/repossession-warning';
import './quote.css';

const money = (amount: number) => formatGBP(amount);
const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 0.079 → '7.9%', 0.12 → '12.0%': rates are quoted to one decimal place. */
function formatRate(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

/** '2026-04-09' → '9 April 2026'. */
function formatQuoteDate(isoDate: string): string {
  return DATE.format(new Date(`${isoDate}T00:00:00Z`));
}

export interface IndicativeQuoteProps {
  quote: IndicativeQuote;
  /** The broker's name, for the status and commission disclosure. */
  firm: string;
}

/**
 * The approval's indicative personal quote (docs/decisions/0023-quote-on-the-outcome-page.md),
 * labelled indicative and subject to status, with the broker's status and commission disclosure
 * beside it (CONC 4.5.3R: commission disclosed prominently before any agreement).
 */
export function IndicativeQuoteSummary({ quote, firm }: IndicativeQuoteProps) {
  const titleId = useId();
  const disclosureId = useId();
  const rate = `${formatRate(quote.apr)} ${quote.rateLabel}`;
  return (
    <section className="quote" aria-labelledby={titleId}>
      <h2 id={titleId} className="heading-m quote__title">
        Your indicative quote
      </h2>
      <p className="body quote__status">
        <strong>This quote is indicative and subject to status.</strong> It is based on what you
        told us and is not an offer of credit. {quote.lender} will confirm the rate after its own
        checks.
      </p>
      <div className="quote__columns">
        <div className="quote__figures">
          <p className="quote__headline">
            <span className="quote__monthly">{money(quote.monthlyPayment)}</span> a month for{' '}
            {quote.termMonths} months at {rate}
          </p>
          <dl className="quote__list">
            <dt>Lender</dt>
            <dd>{quote.lender}</dd>
            <dt>Product</dt>
            <dd>{quote.product}</dd>
            <dt>Amount of credit</dt>
            <dd>{money(quote.amount)}</dd>
            <dt>Term</dt>
            <dd>{quote.termMonths} months</dd>
            <dt>{quote.rateLabel}</dt>
            <dd>{formatRate(quote.apr)}</dd>
            <dt>Monthly payment</dt>
            <dd>{money(quote.monthlyPayment)}</dd>
            <dt>Total cost of credit</dt>
            <dd>{money(quote.totalCostOfCredit)}</dd>
            <dt>Total amount payable</dt>
            <dd>{money(quote.totalPayable)}</dd>
            <dt>Quote valid until</dt>
            <dd>{formatQuoteDate(quote.validUntil)}</dd>
          </dl>
        </div>
        <aside className="quote__disclosure" aria-labelledby={disclosureId}>
          <h3 id={disclosureId} className="quote__disclosure-title">
            About us and commission
          </h3>
          <p>
            {firm} is a credit broker, not a lender. We found this quote by checking your details
            against the rules of the lenders we work with.
          </p>
          <p>
            If you take out this finance, {quote.lender} may pay us commission. The amount, and how
            it is worked out, is available on request before you sign anything.
          </p>
        </aside>
      </div>
      {quote.rateLabel === 'APRC' && <RepossessionWarning />}
    </section>
  );
}
