import { describe, expect, it } from 'vitest';
import { TITLES } from '@broker/domain';
import { screen } from '@testing-library/react';
import { renderForm } from '../../../test/render';
import { getApplication, setField } from '../../../state/application-store';
import { RadioGroup } from './radio-group';
import { Dropdown } from './dropdown';
import { AddressSelect } from './address-select';
import { CheckboxField } from './checkbox-field';

const YES_NO = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

describe('RadioGroup', () => {
  it('is a fieldset named by its legend whose first radio has the field id', async () => {
    const { user } = renderForm(
      <RadioGroup
        path="form.isJointApplication"
        legend="Add a joint applicant?"
        options={YES_NO}
      />,
    );
    expect(screen.getByRole('group', { name: 'Add a joint applicant?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveAttribute(
      'id',
      'form-isJointApplication',
    );
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(getApplication().form.isJointApplication).toBe(false);
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
  });

  it('disables every radio under lockDown', () => {
    setField('lockDown', true);
    renderForm(
      <>
        <RadioGroup
          path="form.isJointApplication"
          legend="Add a joint applicant?"
          options={YES_NO}
        />
        <RadioGroup
          path="form.title"
          legend="Title"
          options={TITLES.map((title) => ({ value: title, label: title }))}
          inline
        />
      </>,
    );
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(2 + 6);
    for (const radio of radios) expect(radio).toBeDisabled();
  });
});

describe('Dropdown and AddressSelect', () => {
  it("starts at 'Please select' and clears the answer when it is chosen again", async () => {
    const { user } = renderForm(
      <Dropdown
        path="form.maritalStatus"
        label="Marital status"
        options={[
          { value: 'Single', label: 'Single' },
          { value: 'Married', label: 'Married' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Marital status' });
    expect(select).toHaveDisplayValue('Please select');
    await user.selectOptions(select, 'Married');
    expect(getApplication().form.maritalStatus).toBe('Married');
    await user.selectOptions(select, 'Please select');
    expect(getApplication().form.maritalStatus).toBeNull();
  });

  it("offers 'Please choose an address' first", () => {
    renderForm(
      <AddressSelect
        path="savedAddresses.0.value"
        addresses={[{ id: '123', text: '1 High Street, Leeds' }]}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Select an address' })).toHaveDisplayValue(
      'Please choose an address',
    );
  });
});

describe('CheckboxField', () => {
  it('saves true and false', async () => {
    const { user } = renderForm(
      <CheckboxField path="form.isAgreedTermsAndConditions" label="I agree to the terms" />,
    );
    const box = screen.getByRole('checkbox', { name: 'I agree to the terms' });
    await user.click(box);
    expect(getApplication().form.isAgreedTermsAndConditions).toBe(true);
    await user.click(box);
    expect(getApplication().form.isAgreedTermsAndConditions).toBe(false);
  });
});
