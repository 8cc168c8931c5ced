import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { validateDateOfBirth, type ApplicationState } from '@broker/domain';
import { renderForm } from '../../../test/render';
import { getApplication } from '../../../state/application-store';
import { today } from '../../../lib/today';
import { DateOfBirth } from './date-of-birth';

function renderDateOfBirth() {
  const validate = (application: ApplicationState) => {
    const message = validateDateOfBirth(
      { day: application.dobDay, month: application.dobMonth, year: application.dobYear },
      today(),
    );
    return message ? [{ field: 'form.dateOfBirth', message }] : [];
  };
  return renderForm(
    <DateOfBirth
      dayPath="dobDay"
      monthPath="dobMonth"
      yearPath="dobYear"
      valuePath="form.dateOfBirth"
      heading="What is your date of birth?"
      smallPrint="You must be 21 or over to apply."
    />,
    validate,
  );
}

const boxes = () => ({
  day: screen.getByRole('textbox', { name: 'Day' }),
  month: screen.getByRole('textbox', { name: 'Month' }),
  year: screen.getByRole('textbox', { name: 'Year' }),
});

describe('DateOfBirth', () => {
  it('has three numeric boxes with SPEC placeholders, lengths and bday autocomplete', () => {
    renderDateOfBirth();
    const { day, month, year } = boxes();
    expect(screen.getByRole('group', { name: 'What is your date of birth?' })).toBeInTheDocument();
    expect(day).toHaveAttribute('placeholder', 'DD');
    expect(month).toHaveAttribute('placeholder', 'MM');
    expect(year).toHaveAttribute('placeholder', 'YYYY');
    expect(day).toHaveAttribute('maxlength', '2');
    expect(month).toHaveAttribute('maxlength', '2');
    expect(year).toHaveAttribute('maxlength', '4');
    for (const box of [day, month, year]) expect(box).toHaveAttribute('inputmode', 'numeric');
    expect(day).toHaveAttribute('autocomplete', 'bday-day');
    expect(month).toHaveAttribute('autocomplete', 'bday-month');
    expect(year).toHaveAttribute('autocomplete', 'bday-year');
    expect(screen.getByText('You must be 21 or over to apply.')).toBeInTheDocument();
  });

  it('moves on when a typed digit fills the day, then the month', async () => {
    const { user } = renderDateOfBirth();
    const { day, month, year } = boxes();
    await user.click(day);
    await user.keyboard('2');
    expect(day).toHaveFocus();
    await user.keyboard('7');
    expect(month).toHaveFocus();
    await user.keyboard('03');
    expect(year).toHaveFocus();
    await user.keyboard('1985');
    expect(getApplication()).toMatchObject({ dobDay: '27', dobMonth: '03', dobYear: '1985' });
    expect(getApplication().form.dateOfBirth).toBe('1985-03-27T00:00:00.000Z');
  });

  it('does not move on after a paste, a deletion or Shift+Tab back into a full box', async () => {
    const { user } = renderDateOfBirth();
    const { day, month } = boxes();
    await user.click(day);
    await user.paste('12');
    expect(day).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(day).toHaveValue('1');
    expect(day).toHaveFocus();
    await user.keyboard('2');
    expect(month).toHaveFocus();
    await user.tab({ shift: true });
    expect(day).toHaveFocus();
    await user.tab({ shift: true });
    expect(day).not.toHaveFocus();
  });

  it('pads a one-digit day when the month is edited, and the month when the year is', async () => {
    const { user } = renderDateOfBirth();
    const { day, month, year } = boxes();
    await user.type(day, '5');
    await user.click(month);
    await user.keyboard('3');
    expect(day).toHaveValue('05');
    expect(month).toHaveValue('3');
    await user.click(year);
    await user.keyboard('1');
    expect(month).toHaveValue('03');
  });

  it('fills all three boxes from a pasted whole date without moving focus', () => {
    renderDateOfBirth();
    const { day, month, year } = boxes();
    fireEvent.paste(day, { clipboardData: { getData: () => '7/3/1985' } });
    expect([day, month, year].map((box) => (box as HTMLInputElement).value)).toEqual([
      '07',
      '03',
      '1985',
    ]);
  });

  it('shows its message only once focus leaves the section, linked to every box', async () => {
    const { user } = renderDateOfBirth();
    const { day, month } = boxes();
    await user.click(day);
    await user.keyboard('27');
    expect(month).toHaveFocus();
    expect(screen.queryByText('Which month were you born?')).not.toBeInTheDocument();
    await user.tab();
    await user.tab();
    const message = await screen.findByText('Which month were you born?');
    expect(message.closest('p')).toHaveAttribute('id', 'form-dateOfBirth-error');
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group')).toHaveAccessibleDescription(
      /For example, 27 3 1980.*You must be 21 or over.*Error: Which month were you born\?/,
    );
  });
});
