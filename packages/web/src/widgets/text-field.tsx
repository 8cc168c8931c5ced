import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import { TEXT_MAX_LENGTH } from '@broker/domain';
import { describedBy, inputClass, useField } from './use-field';
import { ErrorMessage, FormGroup, Hint, Label } from './field-parts';

export interface TextFieldProps {
  path: string;
  label: ReactNode;
  hint?: ReactNode;
  maxLength?: number;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  spellCheck?: boolean;
  /** Applied when the field is left, e.g. the domain's capitaliseFirstLetter for names. */
  transformOnBlur?: (value: string) => string;
  asHeading?: boolean;
  width?: 'full' | 'half' | 'quarter';
}

export function TextField({
  path,
  label,
  hint,
  maxLength = TEXT_MAX_LENGTH,
  autoComplete,
  spellCheck,
  transformOnBlur,
  asHeading,
  width = 'full',
}: TextFieldProps) {
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
        type="text"
        className={`${inputClass('input', field)} input--${width}`}
        value={field.value ?? ''}
        maxLength={maxLength}
        autoComplete={autoComplete}
        spellCheck={spellCheck}
        disabled={field.disabled}
        aria-invalid={field.error !== null}
        aria-describedby={describedBy(field, Boolean(hint))}
        onChange={(event) => field.setValue(event.target.value === '' ? null : event.target.value)}
        onBlur={(event) => {
          const text = event.target.value;
          if (transformOnBlur && text !== '') {
            const next = transformOnBlur(text);
            if (next !== text) field.setValue(next);
          }
          field.touch();
        }}
      />
    </FormGroup>
  );
}
