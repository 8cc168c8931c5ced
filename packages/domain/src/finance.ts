/**
 * Finance maths for the representative examples (docs/design.md D9). Rates are fractions (0.184 is
 * 18.4%); amounts are pounds, rounded to pence where money is shown.
 */
import { roundToPence } from './money.js';

/**
 * The monthly rate equivalent to an annual percentage rate. The FCA's APR definition
 * (CONC App 1) compounds, so the monthly rate is (1 + APR)^(1/12) − 1, not APR / 12.
 */
export function monthlyRateFromApr(apr: number): number {
  return Math.pow(1 + apr, 1 / 12) - 1;
}

function assertLoan(principal: number, months: number): void {
  if (!Number.isFinite(principal) || principal <= 0) {
    throw new RangeError('The principal must be a positive amount');
  }
  if (!Number.isInteger(months) || months <= 0) {
    throw new RangeError('The term must be a positive whole number of months');
  }
}

/** The level monthly payment (annuity) that repays `principal` at `monthlyRate`, to pence. */
export function paymentFromMonthlyRate(
  principal: number,
  monthlyRate: number,
  months: number,
): number {
  assertLoan(principal, months);
  if (monthlyRate === 0) return roundToPence(principal / months);
  return roundToPence((principal * monthlyRate) / (1 - Math.pow(1 + monthlyRate, -months)));
}

export function paymentFromApr(principal: number, apr: number, months: number): number {
  return paymentFromMonthlyRate(principal, monthlyRateFromApr(apr), months);
}

export interface ScheduledPayment {
  amount: number;
  /** Months after the credit is drawn down. */
  month: number;
}

function presentValue(payments: readonly ScheduledPayment[], apr: number): number {
  return payments.reduce(
    (sum, payment) => sum + payment.amount / Math.pow(1 + apr, payment.month / 12),
    0,
  );
}

const APR_TOLERANCE = 1e-9;

/**
 * The APR that makes the payments, discounted at (1 + APR)^(t / 12) with t in months, equal
 * the principal: the FCA's total charge for credit equation (CONC App 1) with one drawdown
 * at month 0. Solved by bisection, far finer than the 0.1% that APRs are shown to.
 */
export function aprFromSchedule(principal: number, payments: readonly ScheduledPayment[]): number {
  assertLoan(principal, 1);
  if (payments.length === 0) {
    throw new RangeError('A schedule needs at least one payment');
  }
  for (const payment of payments) {
    if (!Number.isFinite(payment.amount) || payment.amount <= 0 || !(payment.month > 0)) {
      throw new RangeError('Each payment needs a positive amount and a month after drawdown');
    }
  }
  // The present value falls as the rate rises, so bracket the root and halve the bracket.
  let low = -0.99;
  let high = 1;
  while (presentValue(payments, high) > principal) {
    low = high;
    high *= 2;
    if (high > 1e6) throw new RangeError('The schedule implies an APR above 100,000,000%');
  }
  while (high - low > APR_TOLERANCE) {
    const mid = (low + high) / 2;
    if (presentValue(payments, mid) > principal) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

export interface RepresentativeExampleInput {
  amount: number;
  months: number;
  apr: number;
}

export interface RepresentativeExample extends RepresentativeExampleInput {
  monthly: number;
  totalCostOfCredit: number;
  totalPayable: number;
}

export function representativeExample(input: RepresentativeExampleInput): RepresentativeExample {
  const monthly = paymentFromApr(input.amount, input.apr, input.months);
  // Whole pence, so 48 × £216.45 is exactly £10,389.60.
  const totalPayablePence = Math.round(monthly * 100) * input.months;
  const totalCostPence = totalPayablePence - Math.round(input.amount * 100);
  return {
    ...input,
    monthly,
    totalCostOfCredit: totalCostPence / 100,
    totalPayable: totalPayablePence / 100,
  };
}

/** docs/product.md §1 and §9: £7,500 over 48 months at 18.4% APR. */
export const REPRESENTATIVE_EXAMPLE: RepresentativeExample = representativeExample({
  amount: 7500,
  months: 48,
  apr: 0.184,
});

/**
 * The lender's secured-loan disclosure of docs/product.md §9, shown as configured. It is not computed:
 * the figures do not reproduce their own 28.96% APRC (docs/design.md D9, and finance.test.ts).
 */
export const SECURED_EXAMPLE = {
  amount: 26600,
  months: 180,
  rateType: 'variable',
  annualRate: 0.1956,
  monthlyPayment: 484.0,
  productFee: 2660.0,
  productFeeShare: 0.1,
  lendingFees: { englandAndWales: 763, scotland: 1051, northernIreland: 1736 },
  totalRepayable: 87030.0,
  representativeAprc: 0.2896,
  aprcRange: { min: 0.117, max: 0.465 },
  maximumAprc: 0.5,
} as const;
