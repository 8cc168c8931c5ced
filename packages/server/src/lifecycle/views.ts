import type { PersonRole } from '../db/schema.js';

/**
 * What one person of an application may see of it, and what is left of it for the other when
 * one of two people is erased (docs/decisions/0050-people-and-relations.md). A joint
 * application's payload says whose each answer is by its nesting: `JointApplicant` holds the
 * joint applicant's; the terms of the credit applied for are both people's; everything else
 * (identity, contact, addresses, employment, income, needs, consents, the device and the
 * session) is the applicant's. The joint applicant's view is an allow-list, so an answer added
 * later is withheld from them until it is placed here.
 */

/** How one person of an application sees it: `shared` when it also belongs to another person. */
export interface PersonView {
  role: PersonRole;
  shared: boolean;
}

/** The terms of the credit both people applied for, and what identifies the application. */
export const SHARED_ANSWERS: readonly string[] = [
  'submissionKey',
  'affiliateKey',
  'dateApplied',
  'loanPurposeType',
  'lookingToBuy',
  'loanAmount',
  'cashDeposit',
  'financeType',
  'term',
  'vehicle',
  'isJointApplication',
  'termsAndConditionsAgreed',
  'IsCompleted',
];

/** The answer the applicant got, as far as it is the application's and not their account's. */
const SHARED_RESPONSE: readonly string[] = [
  'duplicateRequest',
  'declineReason',
  'quoteValid',
  'quoteProcessed',
  'applicationId',
  'quote',
  'matchedLenders',
  'reference',
];

export const WITHHELD_STATEMENTS: Record<PersonRole, string> = {
  applicant:
    'This is a joint application. The joint applicant’s details (their name, contact details, ' +
    'date of birth, employment, income and consents) are withheld from this file, and so are ' +
    'the decision’s findings about them or about both incomes together: they are another ' +
    'person’s personal data (UK GDPR article 15(4)). Staff notes on a joint application may ' +
    'name either person, so their text is withheld too: ask us and we will review them for you.',
  joint:
    'You are the joint applicant on this application. This file holds your own details and ' +
    'the terms of the credit you applied for together. The applicant’s details (their name, ' +
    'contact details, date of birth, addresses, employment, income, circumstances, consents, ' +
    'device and session), the decision’s findings about them or about both incomes together, ' +
    'and their customer-portal account are withheld: they are another person’s personal data ' +
    '(UK GDPR article 15(4)). Staff notes on a joint application may name either person, so ' +
    'their text is withheld too: ask us and we will review them for you.',
};

/** What replaces a withheld sentence of the decision. */
export const WITHHELD_FINDING = 'Withheld: about the other applicant';
export const WITHHELD_NOTE = 'Withheld: a note on a joint application (see the statement above)';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The payload as this person sees it, and the top-level answers withheld from them. */
export function answersFor(
  payload: unknown,
  view: PersonView,
): { answers: unknown; withheld: string[] } {
  if (!view.shared || !isObject(payload)) return { answers: payload, withheld: [] };
  const answers: Json = {};
  const withheld: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    const keep =
      view.role === 'applicant'
        ? key !== 'JointApplicant'
        : key === 'JointApplicant' || SHARED_ANSWERS.includes(key);
    if (keep) answers[key] = value;
    else withheld.push(key);
  }
  return { answers, withheld };
}

/** The answer the applicant got, as this person sees it. */
export function responseFor(response: unknown, view: PersonView): unknown {
  if (!view.shared || view.role === 'applicant' || !isObject(response)) return response;
  return Object.fromEntries(
    Object.entries(response).filter(([key]) => SHARED_RESPONSE.includes(key)),
  );
}

/** A finding of the decision about someone other than this person, or about both together. */
function aboutOthers(reason: string, role: PersonRole): boolean {
  if (reason.startsWith('Household')) return true;
  return role === 'applicant' ? reason.startsWith('Joint applicant') : /^Applicant\b/.test(reason);
}

/**
 * The lender panel's stored findings (domain `PanelDecision`) as this person sees them: each
 * reason about the other person, or about both incomes together, is replaced by
 * `WITHHELD_FINDING`, and the loan-to-income ratio (of both incomes) is left out.
 */
export function decisionFor(decision: unknown, view: PersonView): unknown {
  if (!view.shared) return decision;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const copy: Json = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'loanToIncome') continue;
      copy[key] =
        key === 'reason' && typeof inner === 'string' && aboutOthers(inner, view.role)
          ? WITHHELD_FINDING
          : walk(inner);
    }
    return copy;
  };
  return walk(decision);
}

/**
 * A delivery event's body (docs/delivery.md: `data.application` is the payload, `data.response`
 * the answer) as this person sees it.
 */
export function eventBodyFor(body: unknown, view: PersonView): unknown {
  if (!view.shared || !isObject(body) || !isObject(body.data)) return body;
  const data: Json = { ...body.data };
  if ('application' in data) data.application = answersFor(data.application, view).answers;
  if ('response' in data) data.response = responseFor(data.response, view);
  return { ...body, data };
}

/** JSON text parsed, or the text itself when it is not JSON; null stays null. */
export function parsedJson(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}
