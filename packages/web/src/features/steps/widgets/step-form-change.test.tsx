import { Suspense } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STEPS, type StepRef } from '@broker/domain';
import { Router } from '../../../lib/router';
import { navigate } from '../../../lib/history';
import { useApplicationStore } from '../../../state/application-store';
import { vehicleApplication } from '../check-answers/vehicle-application.fixture';
import { StepForm } from './step-form';
import { StepFields } from './step-fields';
import { preloadFieldKinds } from './field-renderer';

function renderStep(step: StepRef, path: string, onValid?: () => Promise<void>) {
  navigate(path, { replace: true });
  const user = userEvent.setup();
  render(
    <Router>
      <Suspense fallback={null}>
        <StepForm step={step} onValid={onValid} continueLabel="Send" busyLabel="Sending…">
          <StepFields step={step} />
        </StepForm>
      </Suspense>
    </Router>,
  );
  return user;
}

// The widgets of the screens below, from the journey's table, as the route loads them.
beforeAll(() =>
  preloadFieldKinds(
    (['marital-status', 'address-length'] as const).flatMap((id) =>
      STEPS[id].fields.map((field) => field.kind),
    ),
  ),
);

beforeEach(() => {
  useApplicationStore.setState({ application: vehicleApplication() });
});

describe('StepForm opened from a Change link (?change=1)', () => {
  it('returns to the check-answers page once the step is valid', async () => {
    const user = renderStep({ id: 'marital-status' }, '/marital-status?change=1');
    await user.selectOptions(await screen.findByRole('combobox'), 'Single');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(window.location.pathname).toBe('/before-you-submit');
    expect(window.location.search).toBe('');
  });

  it('follows the journey, still changing, when the answer opens unanswered steps', async () => {
    const user = renderStep({ id: 'address-length', n: 1 }, '/address-length/1?change=1');
    const years = await screen.findByRole('textbox', { name: 'Years' });
    await user.clear(years);
    await user.type(years, '1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(window.location.pathname).toBe('/address/2');
    expect(window.location.search).toBe('?change=1');
  });

  it('without ?change goes on to the next step', async () => {
    const user = renderStep({ id: 'marital-status' }, '/marital-status');
    await user.selectOptions(await screen.findByRole('combobox'), 'Single');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(window.location.pathname).toBe('/date-of-birth');
  });
});

describe('StepForm while onValid is pending', () => {
  it('shows the busy label and is aria-disabled, then returns to its label', async () => {
    let finish: () => void = () => {};
    const sending = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const user = renderStep({ id: 'marital-status' }, '/marital-status', () => sending);
    await user.selectOptions(await screen.findByRole('combobox'), 'Single');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const busy = screen.getByRole('button', { name: 'Sending…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    finish();
    expect(await screen.findByRole('button', { name: 'Send' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });
});
