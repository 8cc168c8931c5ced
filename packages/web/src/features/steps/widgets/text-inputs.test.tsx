import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import {
  addressHistoryMonths,
  toDecimalYears,
  validateText,
  type ApplicationState,
} from '@broker/domain';
import { renderForm } from '../../../test/render';
import { getApplication, setField } from '../../../state/application-store';
import { TextField } from './text-field';
import { PhoneField } from './phone-field';
import { EmailField, EMAIL_SAVE_DEBOUNCE_MS } from './email-field';
import { YearsMonths } from './years-months';

describe('PhoneField', () => {
  it('is a tel box with autocomplete tel that blocks spaces and stops at 13 characters', async () => {
    const { user } = renderForm(<PhoneField path="form.contactNumber" label="Phone number" />);
    const box = screen.getByRole('textbox', { name: 'Phone number' });
    expect(box).toHaveAttribute('type', 'tel');
    expect(box).toHaveAttribute('autocomplete', 'tel');
    expect(box).toHaveAttribute('maxlength', '13');
    await user.type(box, '07700 900 982');
    expect(box).toHaveValue('07700900982');
    await user.type(box, '12345');
    expect(box).toHaveValue('0770090098212');
    expect(getApplication().form.contactNumber).toBe('0770090098212');
  });

  it('removes spaces from a pasted number', async () => {
    const { user } = renderForm(<PhoneField path="form.contactNumber" label="Phone number" />);
    await user.click(screen.getByRole('textbox', { name: 'Phone number' }));
    await user.paste('07700 900 982');
    expect(getApplication().form.contactNumber).toBe('07700900982');
  });
});

describe('errors and valid styling', () => {
  const validate = (application: ApplicationState) => {
    const message = validateText(application.form.firstName, 'first name');
    return message ? [{ field: 'form.firstName', message }] : [];
  };

  it('shows a message only after the field is touched, linked by aria-describedby', async () => {
    const { user } = renderForm(
      <TextField path="form.firstName" label="First name" hint="As on your passport" />,
      validate,
    );
    const box = screen.getByRole('textbox', { name: 'First name' });
    expect(screen.queryByText('Please enter your first name.')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'false');
    expect(box).toHaveAttribute('aria-describedby', 'form-firstName-hint');
    await user.click(box);
    await user.tab();
    expect(screen.getByText('Please enter your first name.').closest('p')).toHaveAttribute(
      'id',
      'form-firstName-error',
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(
      'As on your passport Error: Please enter your first name.',
    );
  });

  it('styles a dirty, valid field as valid', async () => {
    const { user } = renderForm(<TextField path="form.firstName" label="First name" />, validate);
    const box = screen.getByRole('textbox', { name: 'First name' });
    expect(box).not.toHaveClass('input--valid');
    await user.type(box, 'Ada');
    expect(box).toHaveClass('input--valid');
  });
});

describe('EmailField', () => {
  it('blocks spaces, saves every keystroke and saves again 1 s after it is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = renderForm(<EmailField path="form.email" label="Email address" />);
      const box = screen.getByRole('textbox', { name: 'Email address' });
      await user.type(box, 'ada @example.com');
      expect(box).toHaveValue('ada@example.com');
      expect(getApplication().form.email).toBe('ada@example.com');
      await user.tab();
      setField('form.email', 'changed elsewhere');
      act(() => {
        vi.advanceTimersByTime(EMAIL_SAVE_DEBOUNCE_MS);
      });
      expect(getApplication().form.email).toBe('ada@example.com');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('YearsMonths', () => {
  it('stores both boxes as typed, and the totals are there at once (decision record 0017)', async () => {
    const { user } = renderForm(
      <YearsMonths
        yearsPath="form.addresses.0.yearsAtAddress"
        monthsPath="form.addresses.0.monthsAtAddress"
        legend="How long have you lived at this address?"
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Years' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Months' }), '6');
    // No 100 ms wait: the domain's totals read the stored boxes when asked.
    const address = getApplication().form.addresses[0]!;
    expect(address).toMatchObject({ yearsAtAddress: 2, monthsAtAddress: 6 });
    expect(toDecimalYears(address.yearsAtAddress, address.monthsAtAddress)).toBe(2.5);
    expect(addressHistoryMonths(getApplication().form.addresses)).toBe(30);
  });
});
