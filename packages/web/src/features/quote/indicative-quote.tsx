import { Fragment, useId } from 'react';
import {
  commissionDisclosure,
  formatGBP,
  formatRate,
  QUOTE_STATUS,
  quoteBasis,
  quoteRows,
  type IndicativeQuote,
} from '@broker/domain';
import { RepossessionWarning } from '../secured/repossession-warning';
import './quote.css';

const money = (amount: number) => formatGBP(amount);

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
        <strong>{QUOTE_STATUS}</strong> {quoteBasis(quote.lender)}
      </p>
      <div className="quote__columns">
        <div className="quote__figures">
          <p className="quote__headline">
            <span className="quote__monthly">{money(quote.monthlyPayment)}</span> a month for{' '}
            {quote.termMonths} months at {rate}
          </p>
          <dl className="quote__list">
            {quoteRows(quote).map(({ label, value }) => (
              <Fragment key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </Fragment>
            ))}
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
          <p>{commissionDisclosure(quote.lender)}</p>
        </aside>
      </div>
      {quote.rateLabel === 'APRC' && <RepossessionWarning />}
    </section>
  );
}
