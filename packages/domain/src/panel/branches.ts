/**
 * Which loan branches a lender's product could lend on, read from its own rules
 * (docs/lender-panel.md "Branches"): a `loanPurpose` rule keeps the branches of the purposes it
 * accepts (the domain's branch rule, `loanBranch`), a `financeType` rule those of the finance
 * types it accepts (a secured loan's, or a vehicle's). A product with neither lends on both.
 */
import { loanBranch } from '../journey/branch.js';
import type { LoanBranch } from '../journey/branch.js';
import type { FinanceType } from '../journey/options.js';
import type { KnockOutRule } from './schema.js';

const BOTH: readonly LoanBranch[] = ['vehicle', 'secured'];

const financeBranch = (type: FinanceType): LoanBranch =>
  type === 'Secured' ? 'secured' : 'vehicle';

export function productBranches(product: { rules: readonly KnockOutRule[] }): LoanBranch[] {
  let branches = [...BOTH];
  for (const rule of product.rules) {
    let allowed: LoanBranch[] | null = null;
    if (rule.rule === 'loanPurpose') {
      allowed = rule.accepted.map((purpose) => loanBranch(purpose) ?? 'vehicle');
    }
    if (rule.rule === 'financeType') allowed = rule.accepted.map(financeBranch);
    if (allowed !== null) branches = branches.filter((branch) => allowed.includes(branch));
  }
  return branches;
}
