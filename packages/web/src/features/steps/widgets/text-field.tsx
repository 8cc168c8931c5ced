import { useCallback, useEffect, useRef } from 'react';
import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import { TEXT_MAX_LENGTH, type StatePath } from '@broker/domain';
import { controlProps, inputClass, useField } from './use-field';
import { FieldFrame } from './field-parts';
import { useFormContext } from './form-context';

export interface TextFieldProps {
  path: StatePath;
  label: ReactNode;
  hint?: ReactNode;
  maxLength?: number;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  spellCheck?: boolean;
  /**
   * Applied to the answer when it is saved, e.g. the domain's capitaliseFirstLetter for names:
   * when the field is left, and when the form is sent while the field still has focus (Enter or
   * Continue), so the answer stored is the transformed one whichever way the person moves on.
   */
  transform?: (value: string) => string;
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
  transform,
  asHeading,
  width = 'full',
}: TextFieldProps) {
  const field = useField<string | null>(path);
  const { setValue } = field;
  const form = useFormContext();
  const register = form?.onBeforeSubmit;
  const input = useRef<HTMLInputElement>(null);
  const save = useCallback(() => {
    const text = input.current?.value ?? '';
    if (!transform || text === '') return;
    const next = transform(text);
    if (next !== text) setValue(next);
  }, [transform, setValue]);
  useEffect(() => register?.(save), [register, save]);
  return (
    <FieldFrame field={field} label={label} hint={hint} asHeading={asHeading}>
      <input
        ref={input}
        {...controlProps(field, Boolean(hint))}
        type="text"
        className={`${inputClass('input', field)} input--${width}`}
        value={field.value ?? ''}
        maxLength={maxLength}
        autoComplete={autoComplete}
        spellCheck={spellCheck}
        onChange={(event) => field.setValue(event.target.value === '' ? null : event.target.value)}
        onBlur={() => {
          save();
          field.touch();
        }}
      />
    </FieldFrame>
  );
}
