import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_STATUS,
  PORTAL_VARIANT,
  applicationBranch,
  brandForHost,
  brokerPolicyRules,
  decideOnPanel,
  matchedLenders,
  normalisePhoneForPayload,
  panelApplicationFrom,
  refusals,
  DECLINE_REASONS,
} from '@broker/domain';
import type {
  CalendarDate,
  LenderPanel,
  PanelDecision,
  PartialSubmissionPayload,
  SubmissionPayload,
  SubmissionResponse,
} from '@broker/domain';
import type { Config } from '../config.js';
import type { CodeHasher } from '../portal/codes.js';
import { newCode, PORTAL_CODE_TTL_MS } from '../portal/codes.js';
import type { ApplicationFacts, Decision, PersonFacts, SubmissionScope } from './repository.js';
import { personOf } from './repository.js';
import { searchNameOf } from '../db/search-name.js';

/** The broker policy's reasons; the panel adds 'NoLenderMatch' (domain DECLINE_REASONS). */
export type DeclineReason = 'Age' | 'Income' | 'BreathingSpace';

/** docs/design.md §3's configurable decline and duplicate policy. */
export interface DecisionPolicy {
  minAge: number;
  /** Applicants must be under this age. */
  maxAge: number;
  minMonthlyIncome: number;
  duplicateWindowDays: number;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const DAY_MS = 24 * 60 * 60 * 1000;

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

let lastMinute = Number.NaN;
let lastDate: CalendarDate = { year: 0, month: 0, day: 0 };

/** The calendar date in the UK at an instant: a UK birthday starts at UK midnight, not UTC's. */
export function londonDate(instant: Date): CalendarDate {
  // Intl formatting is slow for a per-request call; the date cannot change within a minute.
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute !== lastMinute) {
    const parts = Object.fromEntries(
      londonParts.formatToParts(instant).map((part) => [part.type, part.value]),
    );
    lastDate = { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
    lastMinute = minute;
  }
  return { ...lastDate };
}

const POLICY_REASONS: Record<string, DeclineReason> = {
  age: DECLINE_REASONS.age,
  income: DECLINE_REASONS.income,
  breathingSpace: DECLINE_REASONS.breathingSpace,
};

/**
 * docs/design.md §3 decline policy, first reason that applies: the broker policy's knock-out rules
 * (domain `brokerPolicyRules`: age of both applicants, 21 up to but not including 75, on the
 * day of application; then income; then breathing space), as the lender panel uses them.
 */
export function declineReasonFor(
  payload: SubmissionPayload,
  appliedOn: CalendarDate,
  policy: DecisionPolicy,
): DeclineReason | null {
  const [first] = refusals(brokerPolicyRules(policy), panelApplicationFrom(payload, appliedOn));
  return first === undefined ? null : (POLICY_REASONS[first.rule] ?? null);
}

interface PersonAnswers {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  contactNumber?: string | undefined;
  dateOfBirth?: string | undefined;
}

/** A person's identifiers as `application_people` holds them (decision 0050). */
function personFacts(role: PersonFacts['role'], answers: PersonAnswers): PersonFacts {
  const name = [answers.firstName, answers.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    role,
    emailLower: answers.email === undefined ? null : answers.email.trim().toLowerCase(),
    phoneNormalised: normalisePhoneForPayload(answers.contactNumber),
    dateOfBirth: answers.dateOfBirth === undefined ? null : answers.dateOfBirth.slice(0, 10),
    name: name === '' ? null : name,
  };
}

/** The row's columns from a validated payload; the browser's remoteAddress is replaced (D12). */
export function applicationFacts(
  payload: SubmissionPayload | PartialSubmissionPayload,
  request: { ip: string; host: string },
): ApplicationFacts {
  const applicant = personFacts('applicant', payload);
  const joint = payload.JointApplicant;
  return {
    payloadJson: JSON.stringify({ ...payload, remoteAddress: request.ip }),
    brand: brandForHost(payload.urlReferrer ?? request.host).affiliateKey,
    affiliateKey: payload.affiliateKey,
    dealerNumber: payload.dealerNumber ?? null,
    variant: payload.variant ?? null,
    emailLower: applicant.emailLower,
    phoneNormalised: applicant.phoneNormalised,
    dateOfBirth: applicant.dateOfBirth,
    remoteAddress: request.ip,
    people: joint === undefined ? [applicant] : [applicant, personFacts('joint', joint)],
    branch: applicationBranch(payload),
    searchName: searchNameOf(payload.firstName, payload.lastName),
  };
}

/** The panel, the broker policy and the quote's days, as the configuration gives them. */
export function panelOptionsOf(
  config: Pick<
    Config,
    | 'lenderPanel'
    | 'quoteValidDays'
    | 'minAge'
    | 'maxAge'
    | 'minMonthlyIncome'
    | 'duplicateWindowDays'
  >,
): Pick<DeciderOptions, 'panel' | 'policy' | 'quoteValidDays'> {
  return {
    panel: config.lenderPanel,
    quoteValidDays: config.quoteValidDays,
    policy: {
      minAge: config.minAge,
      maxAge: config.maxAge,
      minMonthlyIncome: config.minMonthlyIncome,
      duplicateWindowDays: config.duplicateWindowDays,
    },
  };
}

/** What the lender panel finds for an application on the day it was applied for. */
export type PanelEvaluator = (payload: SubmissionPayload, appliedOn: CalendarDate) => PanelDecision;

export function createPanelEvaluator(
  options: Pick<DeciderOptions, 'panel' | 'policy' | 'quoteValidDays'>,
): PanelEvaluator {
  return (payload, appliedOn) =>
    decideOnPanel(options.panel, panelApplicationFrom(payload, appliedOn), {
      policy: options.policy,
      quoteValidDays: options.quoteValidDays,
    });
}

/** A pending account gets at most one verification e-mail per this long, however often it applies. */
export const VERIFICATION_MAIL_THROTTLE_MS = 10 * 60_000;

export interface DeciderOptions {
  policy: DecisionPolicy;
  /** The validated lender panel (docs/decisions/0022-lender-panel.md). */
  panel: LenderPanel;
  /** Days an indicative quote stands after the applied date. */
  quoteValidDays: number;
  clock: Clock;
  newApplicationId?: () => string;
  /** A 6-digit one-time passcode for a new portal account. */
  newOtp?: () => string;
  /** Keyed hashing of portal codes (PORTAL_CODE_SECRET). */
  codes: CodeHasher;
}

export type Decide = (
  payload: SubmissionPayload,
  facts: ApplicationFacts,
) => (scope: SubmissionScope) => Promise<Decision>;

/**
 * Decides a complete submission inside its transaction: duplicate first (the browser checks
 * duplicateRequest before declineReason), then the broker policy and the lender panel
 * (declined when the policy refuses or no lender matches), else approval with the best
 * product's indicative quote and, for the portal variant, the customer-portal account answer.
 */
export function createDecider(options: DeciderOptions): Decide {
  const { policy, clock } = options;
  const evaluate = createPanelEvaluator(options);
  const newApplicationId = options.newApplicationId ?? randomUUID;
  const newOtp = options.newOtp ?? newCode;

  return (payload, facts) => async (scope) => {
    const now = clock.now();
    const answer: SubmissionResponse = {
      dealerNumber: facts.dealerNumber,
      duplicateRequest: false,
      declineReason: null,
      quoteValid: false,
      quoteProcessed: false,
      applicationId: null,
      otp: null,
      accountStatus: null,
      quote: null,
      matchedLenders: [],
    };

    const person = personOf(facts);
    // The window runs from the person's last approved or declined application; an earlier
    // duplicate answer does not extend it (decision 0018). The same date of birth, e-mail and
    // phone must all agree (decision 0051).
    const duplicateOf =
      person === null
        ? null
        : await scope.earlierApplicationOf(
            person,
            new Date(now.getTime() - policy.duplicateWindowDays * DAY_MS),
          );

    const evaluation = evaluate(payload, londonDate(now));
    const decisionJson = JSON.stringify(evaluation);
    if (duplicateOf !== null) {
      // Stored with what the panel found, for staff to release it as (decision 0051); the
      // applicant is answered as a duplicate, as docs/product.md §4 routes it.
      return {
        outcome: 'duplicate',
        declineReason: null,
        applicationId: null,
        response: { ...answer, duplicateRequest: true },
        decisionJson,
        duplicateOf,
      };
    }
    const { declineReason } = evaluation;
    if (declineReason !== null) {
      return {
        outcome: 'declined',
        declineReason,
        applicationId: null,
        response: { ...answer, declineReason, quoteProcessed: true },
        decisionJson,
      };
    }

    const applicationId = newApplicationId();
    const approved: SubmissionResponse = {
      ...answer,
      quoteValid: true,
      quoteProcessed: true,
      applicationId,
      quote: evaluation.quote,
      matchedLenders: matchedLenders(evaluation),
    };
    // docs/decisions/0024-portal-codes.md: the account stays pending, and the passcode grants
    // nothing, until the code e-mailed to the address proves it. The passcode is in this answer
    // only: the stored answer, replayed for a repeated key, has none.
    // The application is linked to the account once its row is written (`portalAccount`).
    const decision: Decision = {
      outcome: 'approved',
      declineReason: null,
      applicationId,
      response: approved,
      decisionJson,
    };
    const portalAccount = payload.variant === PORTAL_VARIANT ? facts.emailLower : null;
    if (portalAccount === null) return decision;
    const otp = newOtp();
    const created = await scope.portalAccounts.createIfAbsent({
      emailLower: portalAccount,
      status: ACCOUNT_STATUS.PendingVerification,
      otpHash: options.codes.hash('passcode', portalAccount, otp),
      otpExpiresAt: new Date(now.getTime() + PORTAL_CODE_TTL_MS),
      now,
    });
    await scope.portalAccounts.requestVerification(
      portalAccount,
      now,
      VERIFICATION_MAIL_THROTTLE_MS,
    );
    approved.accountStatus = created ? ACCOUNT_STATUS.New : ACCOUNT_STATUS.PendingVerification;
    return {
      ...decision,
      portalAccount,
      ...(created ? { firstAnswer: { ...approved, otp } } : {}),
    };
  };
}
