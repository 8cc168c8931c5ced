import { useId } from 'react';
import { formatGBP, SECURED_EXAMPLE } from '@broker/domain';
import './secured.css';
import { useDisclosureShown } from '../../evidence/recorder';

/** 0.1956 → '19.56%', 0.117 → '11.7%', 0.5 → '50%'. */
export function formatPercent(rate: number): string {
  return `${Number((rate * 100).toFixed(2))}%`;
}

const money = (amount: number) => formatGBP(amount, { pence: true });
const pounds = (amount: number) => formatGBP(amount, { pence: false });

/**
 * The example's figures as the page shows them, formatted once when this chunk loads: the
 * frame shows the example on every step of a secured application, and formatting them again on
 * each Continue was that journey's one cost the vehicle journey does not have
 * (docs/performance.md, "Continue on the secured and joint journeys").
 */
const SHOWN = (() => {
  const e = SECURED_EXAMPLE;
  return {
    amount: pounds(e.amount),
    months: e.months,
    rateType: e.rateType,
    annualRate: formatPercent(e.annualRate),
    monthlyPayment: money(e.monthlyPayment),
    productFee: `${money(e.productFee)} (${formatPercent(e.productFeeShare)})`,
    lendingFees: `${pounds(e.lendingFees.englandAndWales)} England and Wales / ${pounds(e.lendingFees.scotland)} Scotland / ${pounds(e.lendingFees.northernIreland)} Northern Ireland`,
    totalRepayable: money(e.totalRepayable),
    representativeAprc: formatPercent(e.representativeAprc),
    aprcMin: formatPercent(e.aprcRange.min),
    aprcMax: formatPercent(e.aprcRange.max),
    maximumAprc: formatPercent(e.maximumAprc),
  };
})();

export interface SecuredRepresentativeExampleProps {
  /** The level of the example's heading in the page's outline. */
  headingLevel?: 2 | 3;
}

/**
 * docs/product.md §9's secured-loan disclosure, exactly as the lender configured it (docs/design.md D9: the
 * figures do not reproduce their own APRC, and must not be recomputed here).
 */
export function SecuredRepresentativeExample({
  headingLevel = 2,
}: SecuredRepresentativeExampleProps) {
  useDisclosureShown('representative-example');
  const e = SHOWN;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = useId();
  return (
    <section className="rep-example" aria-labelledby={titleId}>
      <Heading id={titleId} className="rep-example__title">
        Representative example
      </Heading>
      <p className="rep-example__lead">
        {e.amount} over {e.months} months at a {e.rateType} rate of {e.annualRate} a year.
      </p>
      <dl className="rep-example__list">
        <dt>Monthly repayment</dt>
        <dd>{e.monthlyPayment}</dd>
        <dt>Product fee</dt>
        <dd>{e.productFee}</dd>
        <dt>Lending fee</dt>
        <dd>{e.lendingFees}</dd>
        <dt>Total repayable</dt>
        <dd>{e.totalRepayable}</dd>
      </dl>
      <p className="rep-example__aprc">Representative {e.representativeAprc} APRC</p>
      <p className="small-print">
        Rates from {e.aprcMin} to {e.aprcMax}. Maximum {e.maximumAprc} APRC. The rate is variable,
        so your repayments may go up or down.
      </p>
    </section>
  );
}
