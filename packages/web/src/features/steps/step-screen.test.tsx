import { Suspense } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createInitialState, type LoanPurposeType } from '@broker/domain';
import { Router } from '../../lib/router';
import { clearSession, setFields } from '../../state/application-store';
import { preloadFieldKinds } from './widgets/field-renderer';
import { StepScreen } from './step-screen';

const WARNING =
  'Warning: Your home may be repossessed if you do not keep up repayments on a mortgage or any other debt secured on it.';

function renderStepAt(path: string, purpose: LoanPurposeType | null) {
  window.history.replaceState(null, '', path);
  clearSession(createInitialState());
  setFields({ 'form.loanPurposeType': purpose });
  render(
    <Router>
      <Suspense fallback={null}>
        <StepScreen />
      </Suspense>
    </Router>,
  );
}

beforeAll(() => preloadFieldKinds(['dropdown', 'radio', 'checkbox']));

describe('the step frame and the secured-loan disclosure', () => {
  beforeEach(() => clearSession(createInitialState()));

  // Screens that once showed neither: a shared step, the check-answers step and the submit step.
  it.each(['/marital-status', '/before-you-submit', '/submit'])(
    'a secured application gets the warning before Continue and the example after the form on %s',
    async (path) => {
      renderStepAt(path, 'HomeImprovements');
      const warning = await screen.findByText(/Your home may be repossessed/);
      expect(warning).toHaveTextContent(WARNING);
      const example = screen.getByRole('region', { name: 'Representative example' });
      expect(example).toHaveTextContent(
        '£26,600 over 180 months at a variable rate of 19.56% a year.',
      );
      expect(example).toHaveTextContent('Representative 28.96% APRC');
      const form = warning.closest('form');
      expect(form).not.toBeNull();
      // The warning sits in the form, ahead of its button; the example follows the form.
      const button = form!.querySelector('button[type="submit"]')!;
      expect(
        warning.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      expect(form!.contains(example)).toBe(false);
    },
  );

  it.each([['Vehicle' as const], [null]])(
    'an application whose purpose is %s gets neither',
    async (purpose) => {
      renderStepAt('/marital-status', purpose);
      await screen.findByRole('button', { name: 'Continue' });
      expect(screen.queryByText(/Your home may be repossessed/)).toBeNull();
      expect(screen.queryByRole('region', { name: 'Representative example' })).toBeNull();
    },
  );
});
