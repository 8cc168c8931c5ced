import type { ReactNode } from 'react';
import { PHONE_INPUT_MAX_LENGTH } from '@broker/domain';
import { describedBy, inputClass, useField } from './use-field';
import { ErrorMessage, FormGroup, Hint, Label } from './field-parts';

export interface PhoneFieldProps {
  path: string;
  label: ReactNode;
  hint?: ReactNode;
  asHeading?: boolean;
}

/** DESIGN D5: spaces are blocked as typed or pasted and the box holds at most 13 characters. */
export function PhoneField({ path, label, hint, asHeading }: PhoneFieldProps) {
  const field = useField<string | null>(path);
  return (
    <FormGroup error={field.error !== null}>
      <Label htmlFor={field.id} asHeading={asHeading}>
        {label}
      </Label>
      <Hint id={field.hintId}>{hint}</Hint>
      <ErrorMessage
        id={field.errorId}
        message={field.error}
        shaking={field.shaking}
        shakeKey={field.shakeKey}
      />
      <input
        id={field.id}
        name={field.id}
        type="tel"
        className={`${inputClass('input', field)} input--half`}
        value={field.value ?? ''}
        maxLength={PHONE_INPUT_MAX_LENGTH}
        autoComplete="tel"
        disabled={field.disabled}
        aria-invalid={field.error !== null}
        aria-describedby={describedBy(field, Boolean(hint))}
        onKeyDown={(event) => {
          if (event.key === ' ') event.preventDefault();
        }}
        onChange={(event) => {
          const text = event.target.value.replace(/\s+/g, '').slice(0, PHONE_INPUT_MAX_LENGTH);
          field.setValue(text === '' ? null : text);
        }}
        onBlur={field.touch}
      />
    </FormGroup>
  );
}
