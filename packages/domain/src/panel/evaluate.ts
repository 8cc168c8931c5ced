/**
 * Evaluates an application against knock-out rules and the lender panel, picks the best
 * product and prices its indicative personal quote with `finance.ts`'s maths
 * (docs/decisions/0022-lender-panel.md). Pure: the applied date comes in as a calendar date.
 */
import { ageOn, type CalendarDate } from '../date-of-birth.js';
import { representativeExample } from '../finance.js';
import { formatGBP } from '../money.js';
import type { IndicativeQuote, SubmissionPayload } from '../schemas.js';
import type {
  EmploymentStatus,
  FinanceType,
  ResidentialStatus,
  VehicleType,
} from '../journey/options.js';
import type {
  KnockOutRule,
  KnockOutRuleName,
  LenderPanel,
  PanelLender,
  PanelProduct,
} from './schema.js';
import { eitherOf, VALUE_WORDS as W } from './words.js';

/** The facts of an application the rules read. */
export interface PanelApplication {
  appliedOn: CalendarDate;
  loanPurpose: SubmissionPayload['loanPurposeType'];
  financeType: FinanceType;
  amount: number;
  termMonths: number;
  /** The main applicant first, then the joint applicant when there is one. */
  applicants: {
    role: 'Applicant' | 'Joint applicant';
    dateOfBirth: CalendarDate;
    netMonthlyIncome: number;
    employmentStatus: EmploymentStatus | null;
  }[];
  residentialStatus: ResidentialStatus | null;
  breathingSpace: boolean;
  isJoint: boolean;
  vehicle: { type: VehicleType | null; year: number | null; mileage: number | null } | null;
  property: { value: number | null; mortgageBalance: number };
}

function calendarDate(isoDate: string): CalendarDate {
  return {
    year: Number(isoDate.slice(0, 4)),
    month: Number(isoDate.slice(5, 7)),
    day: Number(isoDate.slice(8, 10)),
  };
}

/** The facts of a validated submission; the term is in years in the payload (docs/design.md D8). */
export function panelApplicationFrom(
  payload: SubmissionPayload,
  appliedOn: CalendarDate,
): PanelApplication {
  const joint = payload.JointApplicant;
  const applicants: PanelApplication['applicants'] = [
    {
      role: 'Applicant',
      dateOfBirth: calendarDate(payload.dateOfBirth),
      netMonthlyIncome: payload.netMonthlyIncome,
      employmentStatus: payload.employments[0]?.employmentStatus ?? null,
    },
  ];
  if (joint !== undefined) {
    applicants.push({
      role: 'Joint applicant',
      dateOfBirth: calendarDate(joint.dateOfBirth),
      netMonthlyIncome: joint.netMonthlyIncome,
      employmentStatus: joint.employmentStatus ?? null,
    });
  }
  return {
    appliedOn,
    loanPurpose: payload.loanPurposeType,
    financeType: payload.financeType,
    amount: payload.loanAmount,
    termMonths: payload.term * 12,
    applicants,
    residentialStatus: payload.addresses[0]?.residentialStatus ?? null,
    breathingSpace: payload.breathingSpace === true,
    isJoint: joint !== undefined,
    vehicle:
      payload.vehicle === undefined
        ? null
        : {
            type: payload.vehicle.vehicleType ?? null,
            year: payload.vehicle.year ?? null,
            mileage: payload.vehicle.mileage ?? null,
          },
    property: {
      value: payload.propertyValue ?? null,
      mortgageBalance: payload.mortgageBalance ?? 0,
    },
  };
}

/** Why a rule refused: the rule's name and a sentence for staff. */
export interface RuleRefusal {
  rule: KnockOutRuleName;
  reason: string;
}

const pounds = (amount: number) => formatGBP(amount);
const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;

function householdIncome(application: PanelApplication): number {
  return application.applicants.reduce((sum, person) => sum + person.netMonthlyIncome, 0);
}

/** Null when the rule is met, else why not. */
export function checkRule(rule: KnockOutRule, application: PanelApplication): string | null {
  const a = application;
  switch (rule.rule) {
    case 'age': {
      for (const person of a.applicants) {
        const age = ageOn(person.dateOfBirth, a.appliedOn);
        if (age < rule.min || age >= rule.under) {
          return `${person.role} aged ${age}: must be ${rule.min} or over and under ${rule.under}`;
        }
      }
      return null;
    }
    case 'income': {
      const income =
        rule.basis === 'household' ? householdIncome(a) : (a.applicants[0]?.netMonthlyIncome ?? 0);
      const whose = rule.basis === 'household' ? 'Household' : 'Applicant’s';
      return income < rule.minMonthly
        ? `${whose} net monthly income ${pounds(income)} is below ${pounds(rule.minMonthly)}`
        : null;
    }
    case 'breathingSpace':
      return a.breathingSpace ? 'Applicant is in a debt respite breathing space' : null;
    case 'amount':
      return a.amount < rule.min || a.amount > rule.max
        ? `Amount ${pounds(a.amount)} is outside ${pounds(rule.min)} to ${pounds(rule.max)}`
        : null;
    case 'termMonths':
      return a.termMonths < rule.min || a.termMonths > rule.max
        ? `Term of ${a.termMonths} months is outside ${rule.min} to ${rule.max} months`
        : null;
    case 'loanPurpose':
      return rule.accepted.includes(a.loanPurpose)
        ? null
        : `Does not lend for “${W.loanPurpose(a.loanPurpose)}”: lends only for ${eitherOf(rule.accepted.map(W.loanPurpose))}`;
    case 'financeType':
      return rule.accepted.includes(a.financeType)
        ? null
        : `Does not offer “${W.financeType(a.financeType)}”: offers only ${eitherOf(rule.accepted.map(W.financeType))}`;
    case 'residentialStatus':
      if (a.residentialStatus === null) return 'Residential status not given';
      return rule.accepted.includes(a.residentialStatus)
        ? null
        : `Does not lend to someone whose home is “${W.residentialStatus(a.residentialStatus)}”: lends only to ${eitherOf(rule.accepted.map(W.residentialStatus))}`;
    case 'employmentStatus': {
      for (const person of a.applicants) {
        const status = person.employmentStatus;
        if (status === null) {
          if (person.role === 'Applicant') return 'Applicant’s employment status not given';
          continue;
        }
        if (!rule.accepted.includes(status)) {
          return `${person.role} is “${W.employmentStatus(status)}”: lends only to someone ${eitherOf(rule.accepted.map(W.employmentStatus))}`;
        }
      }
      return null;
    }
    case 'jointApplication':
      return a.isJoint && !rule.accepted ? 'Joint applications are not accepted' : null;
    case 'vehicleType': {
      // Unknown, the vehicle could be any kind: a product for some kinds only is never quoted
      // for it (docs/lender-panel.md).
      const type = a.vehicle?.type ?? null;
      if (type === null) {
        return `Vehicle type not given: finances only ${eitherOf(rule.accepted.map(W.vehicleType))}`;
      }
      return rule.accepted.includes(type)
        ? null
        : `Does not finance a “${W.vehicleType(type)}”: finances only ${eitherOf(rule.accepted.map(W.vehicleType))}`;
    }
    case 'vehicleAge': {
      const year = a.vehicle?.year ?? null;
      if (year === null) return null;
      const ageAtEnd = Math.max(0, a.appliedOn.year - year) + Math.ceil(a.termMonths / 12);
      return ageAtEnd > rule.maxYearsAtEndOfTerm
        ? `Vehicle would be ${ageAtEnd} years old at the end of the term, above ${rule.maxYearsAtEndOfTerm}`
        : null;
    }
    case 'vehicleMileage': {
      const mileage = a.vehicle?.mileage ?? null;
      if (mileage === null) return null;
      return mileage > rule.max
        ? `Mileage ${mileage.toLocaleString('en-GB')} is above ${rule.max.toLocaleString('en-GB')}`
        : null;
    }
    case 'propertyValue':
      if (a.property.value === null) return 'Property value not given';
      return a.property.value < rule.min
        ? `Property value ${pounds(a.property.value)} is below ${pounds(rule.min)}`
        : null;
    case 'loanToValue': {
      const ltv = loanToValue(a);
      if (ltv === null) return 'Loan to value unknown: property value not given';
      return ltv > rule.max ? `Loan to value ${percent(ltv)} is above ${percent(rule.max)}` : null;
    }
  }
}

/** (Mortgage balance + amount) ÷ property value; null without a property value. */
export function loanToValue(application: PanelApplication): number | null {
  const { value, mortgageBalance } = application.property;
  if (value === null || value <= 0) return null;
  return (mortgageBalance + application.amount) / value;
}

/** Every rule that refuses, in the order given. */
export function refusals(
  rules: readonly KnockOutRule[],
  application: PanelApplication,
): RuleRefusal[] {
  const found: RuleRefusal[] = [];
  for (const rule of rules) {
    const reason = checkRule(rule, application);
    if (reason !== null) found.push({ rule: rule.rule, reason });
  }
  return found;
}

/** The broker's own decline policy (docs/design.md §3's configurable defaults), as knock-out rules. */
export interface BrokerPolicy {
  minAge: number;
  /** Applicants must be under this age. */
  maxAge: number;
  minMonthlyIncome: number;
}

/** The decline reasons of the response (docs/product.md §3 `declineReason`). */
export const DECLINE_REASONS = {
  age: 'Age',
  income: 'Income',
  breathingSpace: 'BreathingSpace',
  noLender: 'NoLenderMatch',
} as const;
export type DeclineReason = (typeof DECLINE_REASONS)[keyof typeof DECLINE_REASONS];

/** Age first, then income, then breathing space: the first that refuses is the reason. */
export function brokerPolicyRules(policy: BrokerPolicy): KnockOutRule[] {
  return [
    { rule: 'age', min: policy.minAge, under: policy.maxAge },
    { rule: 'income', minMonthly: policy.minMonthlyIncome, basis: 'applicant' },
    { rule: 'breathingSpace' },
  ];
}

const POLICY_REASON: Partial<Record<KnockOutRuleName, DeclineReason>> = {
  age: DECLINE_REASONS.age,
  income: DECLINE_REASONS.income,
  breathingSpace: DECLINE_REASONS.breathingSpace,
};

/** The risk tier: the first whose loan-to-income bound the application is within. */
export function riskTierFor(panel: LenderPanel, application: PanelApplication): string {
  const annualIncome = householdIncome(application) * 12;
  const loanToIncome = annualIncome > 0 ? application.amount / annualIncome : Infinity;
  const tier = panel.riskTiers.find(
    (candidate) =>
      candidate.maxLoanToIncome === undefined || loanToIncome <= candidate.maxLoanToIncome,
  );
  // The schema makes the last tier unbounded, so one always fits.
  return (tier ?? panel.riskTiers[panel.riskTiers.length - 1]!).tier;
}

export interface ProductEvaluation {
  id: string;
  name: string;
  matched: boolean;
  refusals: RuleRefusal[];
  /** The product's rate for the application's tier. */
  apr: number;
}

export interface LenderEvaluation {
  id: string;
  name: string;
  matched: boolean;
  products: ProductEvaluation[];
}

/** What the decision used, stored with the application so staff see the same reasons. */
export interface PanelDecision {
  panelVersion: string;
  riskTier: string;
  loanToIncome: number | null;
  loanToValue: number | null;
  /** The broker policy's refusals; any one declines. */
  policy: RuleRefusal[];
  lenders: LenderEvaluation[];
  declineReason: DeclineReason | null;
  quote: IndicativeQuote | null;
}

/** `date` plus `days`, as YYYY-MM-DD (calendar arithmetic, no clock). */
export function addDays(date: CalendarDate, days: number): string {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return shifted.toISOString().slice(0, 10);
}

export function quoteFor(
  product: PanelProduct,
  lender: { id: string; name: string },
  apr: number,
  application: PanelApplication,
  validDays: number,
): IndicativeQuote {
  const example = representativeExample({
    amount: application.amount,
    months: application.termMonths,
    apr,
  });
  return {
    lenderId: lender.id,
    lender: lender.name,
    productId: product.id,
    product: product.name,
    rateLabel: product.rateLabel,
    amount: example.amount,
    termMonths: example.months,
    apr,
    monthlyPayment: example.monthly,
    totalCostOfCredit: example.totalCostOfCredit,
    totalPayable: example.totalPayable,
    validUntil: addDays(application.appliedOn, validDays),
  };
}

export interface DecideOnPanelOptions {
  policy: BrokerPolicy;
  /** How many days the quote stands after the applied date. */
  quoteValidDays: number;
}

/**
 * The broker's policy first (its first refusal is the decline reason), then every product of
 * every lender. No product matches: declined, 'NoLenderMatch'. Otherwise the quote is the
 * matching product with the lowest APR for the tier (without fees, also the lowest total
 * payable), the first in the panel's order on a tie.
 */
export function decideOnPanel(
  panel: LenderPanel,
  application: PanelApplication,
  options: DecideOnPanelOptions,
): PanelDecision {
  const policy = refusals(brokerPolicyRules(options.policy), application);
  const riskTier = riskTierFor(panel, application);
  const annualIncome = householdIncome(application) * 12;

  // Products carry no fees, so at one amount and term the lowest APR is also the lowest total
  // payable: only the winner is priced. Ties keep the panel's order.
  let best: { lender: PanelLender; product: PanelProduct; apr: number } | null = null;
  const lenders: LenderEvaluation[] = panel.lenders.map((lender) => {
    const products = lender.products.map((product): ProductEvaluation => {
      const found = refusals(product.rules, application);
      const apr = product.apr[riskTier]!;
      const matched = found.length === 0;
      if (matched && (best === null || apr < best.apr)) best = { lender, product, apr };
      return { id: product.id, name: product.name, matched, refusals: found, apr };
    });
    return {
      id: lender.id,
      name: lender.name,
      matched: products.some((product) => product.matched),
      products,
    };
  });

  const firstPolicyRefusal = policy[0];
  const declineReason: DeclineReason | null =
    firstPolicyRefusal !== undefined
      ? (POLICY_REASON[firstPolicyRefusal.rule] ?? DECLINE_REASONS.noLender)
      : best === null
        ? DECLINE_REASONS.noLender
        : null;
  const chosen = best as { lender: PanelLender; product: PanelProduct; apr: number } | null;
  return {
    panelVersion: panel.version,
    riskTier,
    loanToIncome: annualIncome > 0 ? application.amount / annualIncome : null,
    loanToValue: loanToValue(application),
    policy,
    lenders,
    declineReason,
    quote:
      declineReason === null && chosen !== null
        ? quoteFor(chosen.product, chosen.lender, chosen.apr, application, options.quoteValidDays)
        : null,
  };
}

/** The lenders whose rules the applicant meets, for the response. */
export function matchedLenders(decision: PanelDecision): { id: string; name: string }[] {
  if (decision.declineReason !== null) return [];
  return decision.lenders
    .filter((lender) => lender.matched)
    .map((lender) => ({ id: lender.id, name: lender.name }));
}
