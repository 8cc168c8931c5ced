import { describe, expect, it } from 'vitest';
import { answersImpliedBy, createInitialState, type StepRef } from '@broker/domain';
import { vehicleApplication, withAnswers } from '../check-answers/vehicle-application.fixture';
import { applyAnswers } from '../../../state/application-store';
import { changeHref, continuePath, predictContinuePath } from './continue-path';

const today = { year: 2026, month: 11, day: 21 };

describe('continuePath', () => {
  it('goes to the next step of the journey the answers imply', () => {
    const application = withAnswers({ 'form.loanPurposeType': 'Vehicle' });
    expect(continuePath({ id: 'start' }, application, false, today)).toBe('/loan-type');
  });

  it('from a Change link goes back to the check-answers page once the path is complete', () => {
    expect(continuePath({ id: 'marital-status' }, vehicleApplication(), true, today)).toBe(
      '/before-you-submit',
    );
  });

  it('from a Change link follows the journey, still changing, through steps not answered', () => {
    const application = withAnswers({ 'form.addresses.0.yearsAtAddress': 1 }, vehicleApplication());
    expect(continuePath({ id: 'address-length', n: 1 }, application, true, today)).toBe(
      changeHref({ id: 'address', n: 2 }),
    );
  });
});

describe('predictContinuePath', () => {
  const step: StepRef = { id: 'joint-application' };

  it('follows the branch of the answer given so far', () => {
    const yes = withAnswers({ 'form.isJointApplication': true }, vehicleApplication());
    const no = withAnswers({ 'form.isJointApplication': false }, vehicleApplication());
    expect(predictContinuePath(step, yes, false, today)).toBe('/joint-customer-details');
    expect(predictContinuePath(step, no, false, today)).toBe('/before-you-submit');
  });

  it('is where Continue goes once the step’s implied answers are written', () => {
    const steps: [StepRef, Record<string, unknown>][] = [
      [{ id: 'start' }, { 'form.loanPurposeType': 'Vehicle' }],
      [{ id: 'start' }, { 'form.loanPurposeType': 'HomeImprovements' }],
      [{ id: 'address-length', n: 1 }, { 'form.addresses.0.yearsAtAddress': 1 }],
      [{ id: 'address-length', n: 1 }, { 'form.addresses.0.yearsAtAddress': 5 }],
      [{ id: 'deposit' }, { 'form.depositType': false }],
    ];
    for (const [ref, answers] of steps) {
      const application = withAnswers(answers, vehicleApplication());
      const written = applyAnswers(application, answersImpliedBy(ref, application, today));
      expect(predictContinuePath(ref, application, false, today), ref.id).toBe(
        continuePath(ref, written, false, today),
      );
    }
  });

  it('guesses the next step while the step is still unanswered', () => {
    expect(predictContinuePath({ id: 'marital-status' }, createInitialState(), false, today)).toBe(
      '/date-of-birth',
    );
    const started = withAnswers({ 'form.loanPurposeType': 'Vehicle' });
    expect(predictContinuePath({ id: 'loan-type' }, started, false, today)).toBe('/looking-to-buy');
  });
});
