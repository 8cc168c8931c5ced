import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { formatGBP } from '@broker/domain';
import { renderForm } from '../../../test/render';
import { getApplication, setField } from '../../../state/application-store';
import { RangeSlider } from './range-slider';

function renderSlider() {
  return renderForm(
    <RangeSlider
      path="form.loanAmount"
      legend="How much would you like to borrow?"
      min={1000}
      max={100000}
      step={250}
      format={(value) => formatGBP(value)}
      prefix="£"
      typedLabel="Or type the amount in pounds"
    />,
  );
}

describe('RangeSlider', () => {
  it('shows the value, the minimum and the maximum', () => {
    setField('form.loanAmount', 10000);
    renderSlider();
    expect(screen.getByText('£10,000')).toBeInTheDocument();
    expect(screen.getByText('£1,000')).toBeInTheDocument();
    expect(screen.getByText('£100,000')).toBeInTheDocument();
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '£10,000');
  });

  it('takes a typed amount instead of a drag (docs/design.md D15), moving the slider with it', async () => {
    setField('form.loanAmount', 10000);
    const { user } = renderSlider();
    const typed = screen.getByRole('textbox', { name: 'Or type the amount in pounds' });
    await user.clear(typed);
    await user.type(typed, '12,500');
    expect(getApplication().form.loanAmount).toBe(12500);
    expect(screen.getByRole('slider')).toHaveValue('12500');
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '£12,500');
  });

  it('fills the typed box when the slider moves', () => {
    setField('form.loanAmount', 10000);
    renderSlider();
    fireEvent.change(screen.getByRole('slider'), { target: { value: '20000' } });
    expect(getApplication().form.loanAmount).toBe(20000);
    expect(screen.getByRole('textbox', { name: 'Or type the amount in pounds' })).toHaveValue(
      '20000',
    );
  });
});
