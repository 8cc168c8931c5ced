import { describe, expect, it } from 'vitest';
import { progressPercent } from './progress.js';
import { createInitialState } from './state.js';
import { journeySteps } from './journey/navigation.js';
import { stepPath, parseStepPath } from './journey/resolve.js';
import type { StepRef } from './journey/types.js';
import { applicantStateAt, applicantState, type ApplicantKind } from './testing/applicant.js';
import type { ApplicationState } from './state.js';

// docs/decisions/0076-progress-along-the-journey.md

const today = { year: 2026, month: 11, day: 27 };

function at(path: string): StepRef {
  const ref = parseStepPath(path);
  if (!ref) throw new Error(`no step at ${path}`);
  return ref;
}

function counted(state: ApplicationState): StepRef[] {
  return journeySteps(state, today).filter((ref) => ref.id !== 'complete');
}

/**
 * On each screen of a kind's path, walked forward as the applicant answers: the percentage, and
 * the length of the path the answers so far draw.
 */
function percentagesAlong(kind: ApplicantKind): { screen: string; percent: number; of: number }[] {
  return counted(applicantState(kind)).map((ref) => {
    const screen = stepPath(ref);
    const state = applicantStateAt(kind, screen, { today });
    return { screen, percent: progressPercent(state, today, ref), of: counted(state).length };
  });
}

describe('progressPercent', () => {
  it('is 0 on the first screen, before any answer and after one', () => {
    const state = createInitialState();
    expect(progressPercent(state, today, { id: 'start' })).toBe(0);
    state.form.loanPurposeType = 'Vehicle';
    expect(progressPercent(state, today, { id: 'start' })).toBe(0);
  });

  it.each<ApplicantKind>(['vehicle', 'secured', 'joint'])(
    'moves forward along the %s path, and never reads 100% on a screen of it',
    (kind) => {
      const along = percentagesAlong(kind);
      expect(along[0]!.percent).toBe(0);
      along.forEach(({ screen, percent, of }, i) => {
        // The screens before this one are done. A screen after it whose answers all have valid
        // defaults (the loan amount, the opt-ins, check-your-answers) counts once every screen
        // before it does.
        expect(percent, screen).toBeGreaterThanOrEqual(Math.floor((i / of) * 100));
        // Forward, unless an answer has just added screens (a joint applicant's).
        if (i > 0 && of === along[i - 1]!.of) {
          expect(percent, screen).toBeGreaterThanOrEqual(along[i - 1]!.percent);
        }
      });
      expect(Math.max(...along.map(({ percent }) => percent))).toBeLessThan(100);
      // On /submit: every screen but that one, of the path's length.
      const last = along[along.length - 1]!;
      expect(last.percent).toBe(Math.floor(((last.of - 1) / last.of) * 100));
    },
  );

  it('is below 100% on /optins of a secured joint application, whose screens still come', () => {
    // Arrived on /optins: the joint question comes after it.
    const arrived = applicantStateAt('secured', '/optins', { today });
    expect(progressPercent(arrived, today, at('/optins'))).toBeLessThan(80);
    // Back on /optins once the joint applicant's screens are on the path (13 of them to go,
    // counting this one, before the application is sent).
    const back = applicantStateAt('secured', '/optins', { today });
    back.form.isJointApplication = true;
    const path = journeySteps(back, today).filter((ref) => ref.id !== 'complete');
    const from = path.findIndex((ref) => ref.id === 'optins');
    expect(path.length - from).toBeGreaterThanOrEqual(13);
    const percent = progressPercent(back, today, at('/optins'));
    // /optins and the joint question's answer, then the joint applicant's first screen is empty.
    expect(percent).toBe(Math.floor(((from + 1) / path.length) * 100));
    expect(percent).toBeLessThan(70);
  });

  it('takes the credit of an answer that has become invalid, and of the screens after it', () => {
    const state = applicantStateAt('vehicle', '/personal', { today });
    const before = progressPercent(state, today, at('/personal'));
    // The date of birth changed (Previous, then back) to someone under 21.
    state.dobYear = String(today.year - 18);
    const after = progressPercent(state, today, at('/personal'));
    const path = journeySteps(state, today);
    const dob = path.findIndex((ref) => ref.id === 'date-of-birth');
    expect(after).toBe(Math.floor((dob / (path.length - 1)) * 100));
    expect(after).toBeLessThan(before);
  });

  it('does not count the screen on show, answered or half typed, nor stop at it', () => {
    // Back on the date of birth from check-your-answers (a 'Change' link), every screen answered.
    const state: ApplicationState = applicantStateAt('vehicle', '/before-you-submit', { today });
    const total = journeySteps(state, today).filter((ref) => ref.id !== 'complete').length;
    const atDob = progressPercent(state, today, at('/date-of-birth'));
    // Every screen but this one and /submit, which is done once the application is sent.
    expect(atDob).toBe(Math.floor(((total - 2) / total) * 100));
    state.dobYear = '19';
    expect(progressPercent(state, today, at('/date-of-birth'))).toBe(atDob);
  });

  it('follows the branch: the joint applicant adds their screens to the count', () => {
    const alone = applicantStateAt('vehicle', '/joint', { today });
    const joint = applicantStateAt('joint', '/joint', { today });
    joint.form.isJointApplication = true;
    expect(progressPercent(joint, today, at('/joint'))).toBeLessThan(
      progressPercent(alone, today, at('/joint')),
    );
  });
});
