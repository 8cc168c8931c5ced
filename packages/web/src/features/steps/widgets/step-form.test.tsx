import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STEPS, type Answers, type StepRef } from '@broker/domain';
import { applicantAnswers } from '@broker/domain/testing';
import { Router } from '../../../lib/router';
import { getApplication, setFields } from '../../../state/application-store';
import { setConsent, useConsentStore } from '../../../analytics/consent';
import { StepForm } from './step-form';
import { StepFields } from './step-fields';
import { preloadFieldKinds } from './field-renderer';

function renderStep(step: StepRef, preloadPage?: (pathname: string) => void) {
  const user = userEvent.setup();
  render(
    <Router>
      <Suspense fallback={null}>
        <StepForm step={step} pageTitle="Marital status" preloadPage={preloadPage}>
          <StepFields step={step} />
        </StepForm>
      </Suspense>
    </Router>,
  );
  return user;
}

function events(): unknown[] {
  return (window.dataLayer ?? []).map((entry) => entry.event);
}

// As the route does: a step's widgets are loaded with its screen.
beforeAll(() => preloadFieldKinds(STEPS['marital-status'].fields.map((field) => field.kind)));

/**
 * The screen's other questions, answered as the shared test applicant does
 * (`@broker/domain/testing`): these tests own the marital status only, so a new question on the
 * screen needs no edit here.
 */
const OTHER_ANSWERS = Object.fromEntries(
  Object.entries(
    applicantAnswers('vehicle').find((entry) => entry.step.id === 'marital-status')!.answers,
  ).filter(([path]) => path !== 'form.maritalStatus'),
) as Answers;

/**
 * The dropdown's name: the question while it is the screen's only one, the field's label once
 * the screen asks more than one (docs/architecture.md, "Adding a question").
 */
const MARITAL_STATUS = /marital status/i;

beforeEach(() => {
  setFields(OTHER_ANSWERS);
  window.history.replaceState(null, '', '/marital-status');
  setConsent('accepted');
  window.dataLayer = [];
});

afterEach(() => {
  useConsentStore.setState({ consent: null, justChosen: false, reopened: false });
});

describe('StepForm', () => {
  it('on an invalid Continue shows and focuses an error summary linking to each field', async () => {
    const user = renderStep({ id: 'marital-status' });
    const select = await screen.findByRole('combobox', { name: MARITAL_STATUS });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Please choose your marital status.' });
    expect(link).toHaveAttribute('href', '#form-maritalStatus');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById('form-maritalStatus-error')).toHaveClass('error-message--shake');
    expect(events()).toContain('Submit Error');
    expect(document.title).toBe('Error: Marital status');

    await user.click(link);
    expect(select).toHaveFocus();
  });

  it('on a valid Continue sets the step’s completion flags and goes to the next step', async () => {
    const user = renderStep({ id: 'marital-status' });
    const select = await screen.findByRole('combobox', { name: MARITAL_STATUS });
    await user.selectOptions(select, 'Married');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(getApplication().form.maritalStatusCompleted).toBe(true);
    expect(window.location.pathname).toBe('/date-of-birth');
    expect(events()).toContain('Submit');
    expect(events()).not.toContain('Submit Error');
  });

  it('fetches the screen Continue leads to while the step is filled in', async () => {
    const preloadPage = vi.fn();
    const user = renderStep({ id: 'marital-status' }, preloadPage);
    const select = await screen.findByRole('combobox', { name: MARITAL_STATUS });
    await user.selectOptions(select, 'Married');
    await waitFor(() => expect(preloadPage).toHaveBeenCalledWith('/date-of-birth'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(window.location.pathname).toBe('/date-of-birth');
  });
});

describe('StepForm: messages when they help (docs/decisions/0075-messages-when-they-help.md)', () => {
  beforeAll(() => preloadFieldKinds(STEPS.employment.fields.map((field) => field.kind)));
  beforeEach(() => {
    setFields({ 'form.employments.0.employmentStatus': null });
    window.history.replaceState(null, '', '/employment/1');
  });

  it('shows no message on a question an answer reveals after Continue, until it is touched or Continue is pressed again', async () => {
    const user = renderStep({ id: 'employment', n: 1 });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent('Please choose your employment status.');

    // Choosing a job reveals three questions the person has not reached yet.
    await user.selectOptions(
      screen.getByRole('combobox', { name: /employment status/i }),
      'Employed full time',
    );
    const occupation = await screen.findByRole('textbox', { name: 'Occupation' });
    expect(occupation).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(/Please enter your/)).not.toBeInTheDocument();
    // The message put right has left the summary, and nothing stale is left in it.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Touched and left empty: its own message, and the summary lists it.
    await user.click(occupation);
    await user.tab();
    expect(occupation).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your occupation.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('employer name');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter your occupation.Please enter your employer name.Please enter your employer town.',
    );
  });

  it('takes a message out of the summary as soon as its answer is put right', async () => {
    const user = renderStep({ id: 'employment', n: 1 });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /employment status/i }),
      'Employed full time',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByRole('link', { name: /^Please enter your/ })).toHaveLength(3);
    await user.type(screen.getByRole('textbox', { name: 'Occupation' }), 'Engineer');
    expect(screen.getAllByRole('link', { name: /^Please enter your/ })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Please enter your occupation.' })).toBeNull();
    expect(document.title).toBe('Error: Marital status');
  });
});
