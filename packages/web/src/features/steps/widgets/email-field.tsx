import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { EMAIL_MAX_LENGTH, type StatePath } from '@broker/domain';
import { controlProps, inputClass, useField } from './use-field';
import { FieldFrame } from './field-parts';

/** docs/product.md §9: the email is saved 1 s after the field is left. */
export const EMAIL_SAVE_DEBOUNCE_MS = 1000;

export interface EmailFieldProps {
  path: StatePath;
  label: ReactNode;
  hint?: ReactNode;
  asHeading?: boolean;
}

function withoutSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}

/**
 * Spaces are blocked as they are typed or pasted (docs/product.md §5). Every keystroke is saved at once
 * (a reload loses nothing); 1 s after the field is left the settled value is saved again.
 */
export function EmailField({ path, label, hint, asHeading }: EmailFieldProps) {
  const field = useField<string | null>(path);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { setValue } = field;
  return (
    <FieldFrame field={field} label={label} hint={hint} asHeading={asHeading}>
      <input
        {...controlProps(field, Boolean(hint))}
        type="email"
        className={`${inputClass('input', field)} input--full`}
        value={field.value ?? ''}
        maxLength={EMAIL_MAX_LENGTH}
        autoComplete="email"
        spellCheck={false}
        autoCapitalize="none"
        onKeyDown={(event) => {
          if (event.key === ' ') event.preventDefault();
        }}
        onChange={(event) => {
          // A save still pending from an earlier blur would put back the older text.
          clearTimeout(timer.current);
          const text = withoutSpaces(event.target.value);
          setValue(text === '' ? null : text);
        }}
        onBlur={(event) => {
          field.touch();
          const text = withoutSpaces(event.target.value);
          clearTimeout(timer.current);
          timer.current = setTimeout(
            () => setValue(text === '' ? null : text),
            EMAIL_SAVE_DEBOUNCE_MS,
          );
        }}
      />
    </FieldFrame>
  );
}
