/**
 * The payload's policy, named (docs/product.md §5 and §9; docs/payload.md): what the payload
 * carries for a loan field the applicant's path does not ask, how far back the histories go and
 * the caps on years and months. The journey's table (journey/steps.ts) refers to these by name.
 */
export { HISTORY_CAPS, HISTORY_MONTHS } from '../years-months.js';

/**
 * docs/product.md §5: "A missing loan amount defaults to 6500; a missing cash deposit to 0. A
 * term of 2 or less, or a missing term, becomes 5." A secured loan's product is `Secured`, and
 * an unanswered purpose is "something else" (sent as `Other`). Each is a value of the state, as
 * the screen would hold it; the field's codes turn it into the payload's.
 */
export const PAYLOAD_DEFAULTS = {
  loanAmount: 6500,
  cashDeposit: 0,
  term: 5,
  financeType: 'Secured',
  loanPurposeType: 'SomethingElse',
} as const;
