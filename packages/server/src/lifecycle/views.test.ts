import { describe, expect, it } from 'vitest';
import { answersFor, decisionFor, eventBodyFor, responseFor, WITHHELD_FINDING } from './views.js';

const payload = {
  submissionKey: 'k',
  loanAmount: 7500,
  term: 3,
  isJointApplication: true,
  firstName: 'Ada',
  email: 'ada@example.com',
  netMonthlyIncome: 2400,
  addresses: [{ postcode: 'SW1A 2AA' }],
  additionalNeedsRequirementsStatement: 'Please call after 4pm',
  JointApplicant: { firstName: 'Ben', email: 'ben@example.com', netMonthlyIncome: 2100 },
};

describe('what each person of a joint application sees of it', () => {
  it('gives the applicant everything but the joint applicant, and names what is withheld', () => {
    expect(answersFor(payload, { role: 'applicant', shared: true })).toEqual({
      answers: { ...payload, JointApplicant: undefined },
      withheld: ['JointApplicant'],
    });
    expect(
      Object.keys(answersFor(payload, { role: 'applicant', shared: true }).answers as object),
    ).not.toContain('JointApplicant');
  });

  it('gives the joint applicant their own answers and the terms applied for, nothing of the applicant', () => {
    const { answers, withheld } = answersFor(payload, { role: 'joint', shared: true });
    expect(answers).toEqual({
      submissionKey: 'k',
      loanAmount: 7500,
      term: 3,
      isJointApplication: true,
      JointApplicant: payload.JointApplicant,
    });
    expect(withheld).toEqual([
      'firstName',
      'email',
      'netMonthlyIncome',
      'addresses',
      'additionalNeedsRequirementsStatement',
    ]);
    // An answer added later is withheld until it is placed among the shared ones.
    expect(
      answersFor({ ...payload, someNewAnswer: 'x' }, { role: 'joint', shared: true }).withheld,
    ).toContain('someNewAnswer');
  });

  it('leaves an application of one person as it is', () => {
    expect(answersFor(payload, { role: 'applicant', shared: false })).toEqual({
      answers: payload,
      withheld: [],
    });
  });

  it('withholds the decision’s findings about the other person or both incomes, and the loan-to-income ratio', () => {
    const decision = {
      riskTier: 'B',
      loanToIncome: 0.14,
      policy: [
        { rule: 'age', reason: 'Joint applicant aged 80: must be 21 or over and under 75' },
        { rule: 'income', reason: 'Applicant’s net monthly income £100 is below £500' },
      ],
      lenders: [
        {
          id: 'l',
          products: [
            {
              refusals: [
                { rule: 'income', reason: 'Household net monthly income £900 is below £1,000' },
                { rule: 'amount', reason: 'Amount £90,000.00 is outside £1,000 to £50,000' },
              ],
            },
          ],
        },
      ],
    };
    expect(decisionFor(decision, { role: 'applicant', shared: true })).toEqual({
      riskTier: 'B',
      policy: [
        { rule: 'age', reason: WITHHELD_FINDING },
        { rule: 'income', reason: 'Applicant’s net monthly income £100 is below £500' },
      ],
      lenders: [
        {
          id: 'l',
          products: [
            {
              refusals: [
                { rule: 'income', reason: WITHHELD_FINDING },
                { rule: 'amount', reason: 'Amount £90,000.00 is outside £1,000 to £50,000' },
              ],
            },
          ],
        },
      ],
    });
    const joint = decisionFor(decision, { role: 'joint', shared: true }) as typeof decision;
    expect(joint.policy.map((refusal) => refusal.reason)).toEqual([
      'Joint applicant aged 80: must be 21 or over and under 75',
      WITHHELD_FINDING,
    ]);
    expect(decisionFor(decision, { role: 'applicant', shared: false })).toBe(decision);
  });

  it('keeps the application’s answer for the joint applicant, not the applicant’s account', () => {
    const response = { applicationId: 'a', quoteValid: true, accountStatus: 1, dealerNumber: 'D' };
    expect(responseFor(response, { role: 'joint', shared: true })).toEqual({
      applicationId: 'a',
      quoteValid: true,
    });
    expect(responseFor(response, { role: 'applicant', shared: true })).toBe(response);
  });

  it('reads a delivery event’s body the same way', () => {
    const body = { type: 'application.decided', data: { application: payload, response: {} } };
    const seen = eventBodyFor(body, { role: 'applicant', shared: true }) as typeof body;
    expect(seen.data.application).not.toHaveProperty('JointApplicant');
    expect(seen.type).toBe('application.decided');
  });
});
