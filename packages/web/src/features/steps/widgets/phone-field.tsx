import type { ReactNode } from 'react';
import { PHONE_INPUT_MAX_LENGTH, type StatePath } from '@broker/domain';
import { controlProps, inputClass, useField } from './use-field';
import { FieldFrame } from './field-parts';

export interface PhoneFieldProps {
  path: StatePath;
  label: ReactNode;
  hint?: ReactNode;
  asHeading?: boolean;
}

/** docs/design.md D5: spaces are blocked as typed or pasted and the box holds at most 13 characters. */
export function PhoneField({ path, label, hint, asHeading }: PhoneFieldProps) {
  const field = useField<string | null>(path);
  return (
    <FieldFrame field={field} label={label} hint={hint} asHeading={asHeading}>
      <input
        {...controlProps(field, Boolean(hint))}
        type="tel"
        className={`${inputClass('input', field)} input--half`}
        value={field.value ?? ''}
        maxLength={PHONE_INPUT_MAX_LENGTH}
        autoComplete="tel"
        onKeyDown={(event) => {
          if (event.key === ' ') event.preventDefault();
        }}
        onChange={(event) => {
          const text = event.target.value.replace(/\s+/g, '').slice(0, PHONE_INPUT_MAX_LENGTH);
          field.setValue(text === '' ? null : text);
        }}
        onBlur={field.touch}
      />
    </FieldFrame>
  );
}
