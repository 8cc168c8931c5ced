import { formatGBP, type RepresentativeExample } from '@broker/domain';

const PERCENT = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 2 });

/** docs/product.md §1 and §9, in the words of the pop-up; the figures are the domain's finance maths. */
export function representativeExampleText(example: RepresentativeExample): string {
  return (
    `Representative example: borrowing ${formatGBP(example.amount)} over ${example.months} ` +
    `months at a representative APR of ${PERCENT.format(example.apr)} gives ` +
    `${formatGBP(example.monthly)} a month, total cost of credit ` +
    `${formatGBP(example.totalCostOfCredit)} and total payable ${formatGBP(example.totalPayable)}.`
  );
}

export const BENEFITS = [
  'No broker fees',
  'No deposit options',
  'Choose any vehicle',
  'Buy from any dealer',
] as const;

export const STATUS_AND_INCOME =
  'All finance is subject to status and income. Written quotations are available on request.';

export const NO_IMPACT_NOTE = 'No impact on your credit score';
