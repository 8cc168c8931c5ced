import { Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createInitialState } from '@broker/domain';
import { navigate } from '../../lib/history';
import { Router } from '../../lib/router';
import { clearSession, setFields } from '../../state/application-store';
import { preloadFieldKinds } from './widgets/field-renderer';
import { StepScreen } from './step-screen';

function renderStepAt(path: string) {
  navigate(path, { replace: true });
  clearSession(createInitialState());
  setFields({ 'form.loanPurposeType': 'Vehicle' });
  render(
    <Router>
      <Suspense fallback={null}>
        <StepScreen />
      </Suspense>
    </Router>,
  );
}

beforeAll(() => preloadFieldKinds(['dropdown', 'radio', 'email', 'phone', 'checkbox']));

// The copy lives in the journey's table (docs/decisions/0037-steps-as-complete-data.md); the
// generic frame shows it without a screen repeating it.
describe('a step’s copy from the journey’s table', () => {
  it('makes the intro of a one-question step the hint of its question', async () => {
    renderStepAt('/driving-licence');
    const question = await screen.findByRole('group', {
      name: 'What type of driving licence do you have?',
    });
    expect(question).toHaveAccessibleDescription(
      'Lenders use this when deciding what vehicle finance they can offer you.',
    );
  });

  it('puts the intro of a step with several questions under its heading, and field hints on fields', async () => {
    renderStepAt('/contact');
    await screen.findByRole('heading', { level: 1, name: 'How can we contact you?' });
    expect(
      screen.getByText(
        'We will use these to contact you about your application. You can choose whether we send you marketing on the next page.',
      ),
    ).toHaveClass('body-lead');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription(
      'A UK number, for example 07700\u00a0900\u00a0982.',
    );
  });

  it('shows what each option means under it', async () => {
    renderStepAt('/loan-type');
    const pcp = await screen.findByRole('radio', { name: 'Personal contract purchase (PCP)' });
    expect(pcp).toHaveAccessibleDescription(
      'Lower monthly payments. At the end you can pay a final lump sum to keep the vehicle, hand it back or part-exchange it.',
    );
  });
});
