import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from '../../../lib/history';
import { Router } from '../../../lib/router';
import { getApplication, setField } from '../../../state/application-store';
import { preloadFieldKinds } from '../widgets/field-renderer';
import DepositScreen from './deposit';
import JointCustomerDetailsScreen from './joint-customer-details';

// Answers as people type them, on the real screens: the journey's rules from the domain, the
// store, the widgets.

function renderAt(path: string, ui: ReactNode) {
  navigate(path, { replace: true });
  const user = userEvent.setup();
  render(
    <Router>
      <Suspense fallback={null}>{ui}</Suspense>
    </Router>,
  );
  return user;
}

beforeAll(() => preloadFieldKinds(['text', 'title', 'dropdown', 'radio', 'number']));

describe('joint applicant details', () => {
  it("capitalises the joint applicant's first and last names when they are saved", async () => {
    setField('form.isJointApplication', true);
    const user = renderAt('/joint-customer-details', <JointCustomerDetailsScreen />);
    const first = await screen.findByRole('textbox', { name: 'First name' });
    await user.type(first, 'sam');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'mcdonald-ó');
    await user.tab();
    expect(first).toHaveValue('Sam');
    expect(getApplication().form.joint.firstName).toBe('Sam');
    expect(getApplication().form.joint.lastName).toBe('Mcdonald-ó');
  });

  it('stores the capital when Enter is pressed straight after the last letter', async () => {
    setField('form.isJointApplication', true);
    const user = renderAt('/joint-customer-details', <JointCustomerDetailsScreen />);
    const last = await screen.findByRole('textbox', { name: 'Last name' });
    await user.type(last, 'brown{Enter}');
    expect(getApplication().form.joint.lastName).toBe('Brown');
  });

  it('leaves the name as typed while it is being typed: a letter put before it later still leads', async () => {
    setField('form.isJointApplication', true);
    const user = renderAt('/joint-customer-details', <JointCustomerDetailsScreen />);
    const first = await screen.findByRole('textbox', { name: 'First name' });
    await user.type(first, 'am');
    await user.keyboard('{Home}s');
    expect(first).toHaveValue('sam');
    await user.tab();
    expect(first).toHaveValue('Sam');
  });

  it('refuses hidden characters in their name, with a message that says so', async () => {
    setField('form.isJointApplication', true);
    const user = renderAt('/joint-customer-details', <JointCustomerDetailsScreen />);
    const first = await screen.findByRole('textbox', { name: 'First name' });
    await user.click(first);
    await user.paste('Sam\u200b\u202e');
    await user.tab();
    expect(
      screen.getByText(
        'Please enter their first name without hidden characters, such as zero-width spaces or text direction marks.',
      ),
    ).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('deposit', () => {
  it('stores a deposit that is not a number as 0, and Continue accepts it (docs/product.md §4)', async () => {
    setField('form.loanPurposeType', 'Vehicle');
    const user = renderAt('/deposit', <DepositScreen />);
    await user.click(await screen.findByRole('radio', { name: 'Yes' }));
    const amount = await screen.findByRole('textbox', { name: 'How much is your deposit?' });
    await user.type(amount, 'none');
    expect(getApplication().form.cashDeposit).toBe(0);
    await user.tab();
    expect(amount).toHaveValue('0');
    expect(screen.queryByText(/Please enter your deposit amount|Must be between/)).toBeNull();
    expect(amount).toHaveAttribute('aria-invalid', 'false');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(getApplication().hasDeposit).toBe(true);
    await user.clear(amount);
    expect(getApplication().form.cashDeposit).toBeNull();
    await user.type(amount, '£1,500');
    expect(getApplication().form.cashDeposit).toBe(1500);
  });
});
