/**
 * What the lender panel found, as the decision stored it (`decision` of the application detail;
 * docs/lender-panel.md, docs/back-office.md): the quote, the matched lenders, every lender's
 * refusal reasons in the decision's own words, the broker policy's refusals and the risk tier.
 */
import type { ReactNode } from 'react';
import { formatDate } from '../format';

interface Refusal {
  rule: string;
  reason: string;
}

export interface PanelFindings {
  panelVersion: string;
  riskTier: string;
  policy: Refusal[];
  lenders: {
    id: string;
    name: string;
    matched: boolean;
    /** Whether, by the panel's own rules, it lends on this application's branch at all. */
    forThisLoan?: boolean;
    products: {
      id: string;
      name: string;
      matched: boolean;
      forThisLoan?: boolean;
      refusals: Refusal[];
    }[];
  }[];
  quote: {
    lender: string;
    product: string;
    rateLabel: string;
    apr: number;
    amount: number;
    termMonths: number;
    monthlyPayment: number;
    totalCostOfCredit: number;
    totalPayable: number;
    validUntil: string;
  } | null;
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const rate = (fraction: number) => `${(Math.round(fraction * 1000) / 10).toFixed(1)}%`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="summary-list__row">
      <dt className="summary-list__key">{label}</dt>
      <dd className="summary-list__value">{children}</dd>
    </div>
  );
}

export function PanelDecisionPanel({ found }: { found: PanelFindings | null }) {
  if (found === null) {
    return <p className="body">No lender panel decided this application.</p>;
  }
  const { quote } = found;
  const matched = found.lenders.filter((lender) => lender.matched);
  // Only the lenders that could have lent on this kind of loan: a vehicle loan is not refused by
  // a lender of loans secured on a home (docs/lender-panel.md "Branches").
  const refused = found.lenders.filter((lender) => !lender.matched && lender.forThisLoan !== false);
  const otherLoans = found.lenders.filter((lender) => lender.forThisLoan === false).length;
  return (
    <section aria-labelledby="panel-heading">
      <h3 className="heading-s" id="panel-heading">
        What the lender panel found
      </h3>
      <dl className="summary-list">
        <Row label="Risk tier">{found.riskTier}</Row>
        <Row label="Panel version">{found.panelVersion}</Row>
        <Row label="Broker policy">
          {found.policy.length === 0 ? (
            'Met'
          ) : (
            <ul className="list">
              {found.policy.map((refusal) => (
                <li key={refusal.rule}>{refusal.reason}</li>
              ))}
            </ul>
          )}
        </Row>
        <Row label="Matched lenders">
          {matched.length === 0 ? (
            'None'
          ) : (
            <ul className="list">
              {matched.map((lender) => (
                <li key={lender.id}>{lender.name}</li>
              ))}
            </ul>
          )}
        </Row>
      </dl>

      {quote ? (
        <>
          <h3 className="heading-s">Indicative quote</h3>
          <dl className="summary-list">
            <Row label="Lender">{quote.lender}</Row>
            <Row label="Product">{quote.product}</Row>
            <Row label={quote.rateLabel}>{rate(quote.apr)}</Row>
            <Row label="Amount">{gbp.format(quote.amount)}</Row>
            <Row label="Term">{quote.termMonths} months</Row>
            <Row label="Monthly payment">{gbp.format(quote.monthlyPayment)}</Row>
            <Row label="Total cost of credit">{gbp.format(quote.totalCostOfCredit)}</Row>
            <Row label="Total payable">{gbp.format(quote.totalPayable)}</Row>
            <Row label="Valid until">{formatDate(quote.validUntil)}</Row>
          </dl>
        </>
      ) : null}

      {refused.length > 0 ? (
        <>
          <h3 className="heading-s">Lenders that refused</h3>
          {refused.map((lender) => (
            <section key={lender.id} aria-labelledby={`refused-${lender.id}`}>
              <h4 className="heading-s" id={`refused-${lender.id}`}>
                {lender.name}
              </h4>
              {lender.products
                .filter((product) => !product.matched && product.forThisLoan !== false)
                .map((product) => (
                  <div key={product.id}>
                    <p className="body">{product.name}:</p>
                    <ul className="list">
                      {product.refusals.map((refusal) => (
                        <li key={refusal.rule}>{refusal.reason}</li>
                      ))}
                    </ul>
                  </div>
                ))}
            </section>
          ))}
        </>
      ) : null}
      {otherLoans > 0 ? (
        <p className="body">
          {otherLoans === 1
            ? '1 lender on the panel does not lend on this kind of loan and is not listed.'
            : `${otherLoans} lenders on the panel do not lend on this kind of loan and are not listed.`}
        </p>
      ) : null}
    </section>
  );
}
