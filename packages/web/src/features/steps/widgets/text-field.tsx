import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import { TEXT_MAX_LENGTH, type StatePath } from '@broker/domain';
import { controlProps, inputClass, useField } from './use-field';
import { FieldFrame } from './field-parts';

export interface TextFieldProps {
  path: StatePath;
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
    <FieldFrame field={field} label={label} hint={hint} asHeading={asHeading}>
      <input
        {...controlProps(field, Boolean(hint))}
        type="text"
        className={`${inputClass('input', field)} input--${width}`}
        value={field.value ?? ''}
        maxLength={maxLength}
        autoComplete={autoComplete}
        spellCheck={spellCheck}
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
    </FieldFrame>
  );
}
