import { Suspense } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from '../../../lib/router';
import { navigate } from '../../../lib/history';
import { useApplicationStore } from '../../../state/application-store';
import { vehicleApplication } from '../check-answers/vehicle-application.fixture';
import { StepForm } from './step-form';
import { StepFields } from './step-fields';
import { preloadFieldKinds } from './field-renderer';

// Decision record 0017: the address and employment history totals are the domain's, computed
// from the stored boxes when the journey asks, not a decimal-years value combined 100 ms after
// typing. Continue pressed straight after typing must see the answer just typed.

async function continueStraightAfterTyping(years: string): Promise<string> {
  navigate('/address-length/1', { replace: true });
  const user = userEvent.setup();
  const { unmount } = render(
    <Router>
      <Suspense fallback={null}>
        <StepForm step={{ id: 'address-length', n: 1 }}>
          <StepFields step={{ id: 'address-length', n: 1 }} />
        </StepForm>
      </Suspense>
    </Router>,
  );
  const box = await screen.findByRole('textbox', { name: 'Years' });
  await user.clear(box);
  await user.type(box, years);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const path = window.location.pathname;
  unmount();
  return path;
}

beforeAll(() => preloadFieldKinds(['yearsMonths']));

beforeEach(() => {
  useApplicationStore.setState({ application: vehicleApplication() });
});

describe('the history totals on Continue', () => {
  it('a short stay just typed asks for the previous address', async () => {
    expect(await continueStraightAfterTyping('1')).toBe('/address/2');
  });

  it('a long stay just typed moves past the address history', async () => {
    expect(await continueStraightAfterTyping('9')).not.toMatch(
      /^\/(address|residential-status|address-length)\//,
    );
  });
});
