import type { StatePath } from '@broker/domain';
import type { ReactNode } from 'react';
import { controlProps, inputClass, useField } from './use-field';
import { FieldFrame } from './field-parts';
import type { ChoiceOption, ChoiceValue } from './radio-group';

export interface DropdownProps<V extends ChoiceValue> {
  path: StatePath;
  label: ReactNode;
  options: readonly (ChoiceOption<V> & { label: string })[];
  hint?: ReactNode;
  /** docs/product.md §2: 'Please select'; the address select uses 'Please choose an address'. */
  placeholder?: string;
  asHeading?: boolean;
  errorPath?: string;
  onChoose?: (value: V | null) => void;
}

/** A select whose first option is the placeholder: choosing it clears the answer. */
export function Dropdown<V extends ChoiceValue>({
  path,
  label,
  options,
  hint,
  placeholder = 'Please select',
  asHeading,
  errorPath,
  onChoose,
}: DropdownProps<V>) {
  const field = useField<V | null>(path, errorPath);
  const selected = options.findIndex((option) => Object.is(option.value, field.value));
  return (
    <FieldFrame field={field} label={label} hint={hint} asHeading={asHeading}>
      <select
        {...controlProps(field, Boolean(hint))}
        className={inputClass('select', field)}
        value={selected === -1 ? '' : String(selected)}
        onChange={(event) => {
          const option =
            event.target.value === '' ? undefined : options[Number(event.target.value)];
          const value = option ? option.value : null;
          field.setValue(value);
          onChoose?.(value);
        }}
        onBlur={field.touch}
      >
        <option value="">{placeholder}</option>
        {options.map((option, index) => (
          <option key={String(option.value)} value={String(index)}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
