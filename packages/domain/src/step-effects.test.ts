import { describe, expect, it } from 'vitest';
import { answersImpliedBy } from './journey/effects.js';
import { createInitialState, type ApplicationState } from './journey/index.js';

const today = { year: 2026, month: 11, day: 21 };

function state(edit: (s: ApplicationState) => void): ApplicationState {
  const s = createInitialState();
  edit(s);
  return s;
}

describe('answersImpliedBy', () => {
  it('makes any purpose but a vehicle a secured loan', () => {
    const secured = state((s) => {
      s.form.loanPurposeType = 'DebtConsolidation';
      s.form.financeType = 'HirePurchase';
    });
    expect(answersImpliedBy({ id: 'start' }, secured, today)).toEqual({
      'form.financeType': 'Secured',
    });
    const vehicle = state((s) => void (s.form.loanPurposeType = 'Vehicle'));
    expect(answersImpliedBy({ id: 'start' }, vehicle, today)).toEqual({});
  });

  it('sets the completion flags of the step', () => {
    const s = state((x) => void (x.form.maritalStatus = 'Single'));
    expect(answersImpliedBy({ id: 'marital-status' }, s, today)).toEqual({
      'form.maritalStatusCompleted': true,
    });
  });

  it('mirrors the licence, deposit, joint, breathing space and security answers to the top level', () => {
    const s = state((x) => {
      x.form.drivingLicenceType = 'FullUK';
      x.form.depositType = false;
      x.form.isJointApplication = true;
      x.form.breathingSpace = false;
      x.form.isSecurityCurrentAddress = true;
    });
    expect(answersImpliedBy({ id: 'driving-licence' }, s, today)).toMatchObject({
      fullLicence: true,
    });
    expect(
      answersImpliedBy(
        { id: 'driving-licence' },
        state((x) => void (x.form.drivingLicenceType = 'ProvisionalUK')),
        today,
      ),
    ).toMatchObject({ fullLicence: false });
    expect(answersImpliedBy({ id: 'deposit' }, s, today)).toMatchObject({
      hasDeposit: false,
      'form.cashDeposit': 0,
    });
    expect(
      answersImpliedBy(
        { id: 'deposit' },
        state((x) => void (x.form.depositType = true)),
        today,
      ),
    ).toEqual({ hasDeposit: true });
    expect(answersImpliedBy({ id: 'joint-application' }, s, today)).toEqual({
      isJointApplication: true,
    });
    expect(answersImpliedBy({ id: 'breathing-space' }, s, today)).toEqual({
      breathingSpace: false,
    });
    expect(answersImpliedBy({ id: 'security-address-confirm' }, s, today)).toEqual({
      isSecurityCurrentAddress: true,
    });
  });

  it('writes the dates of birth from the boxes', () => {
    const s = state((x) => {
      x.dobDay = '07';
      x.dobMonth = '03';
      x.dobYear = '1980';
      x.jointDobDay = '31';
      x.jointDobMonth = '12';
      x.jointDobYear = '1979';
    });
    expect(answersImpliedBy({ id: 'date-of-birth' }, s, today)).toMatchObject({
      'form.dateOfBirth': '1980-03-07T00:00:00.000Z',
    });
    expect(answersImpliedBy({ id: 'joint-date-of-birth' }, s, today)).toEqual({
      'form.joint.dobDay': '31',
      'form.joint.dobMonth': '12',
      'form.joint.dobYear': '1979',
      'form.joint.dateOfBirth': '1979-12-31T00:00:00.000Z',
    });
  });

  it('marks the application as full when it is submitted (decision 0001)', () => {
    const agreed = state((x) => void (x.form.isAgreedTermsAndConditions = true));
    expect(agreed.form.IsFullApplication).toBe(false);
    expect(answersImpliedBy({ id: 'submit' }, agreed, today)).toEqual({
      'form.IsFullApplication': true,
    });
    expect(answersImpliedBy({ id: 'before-you-submit' }, agreed, today)).toEqual({});
  });

  it('writes nothing extra for a step with no implications', () => {
    expect(answersImpliedBy({ id: 'contact' }, createInitialState(), today)).toEqual({});
  });
});
