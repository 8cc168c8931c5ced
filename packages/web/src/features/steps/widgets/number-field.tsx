import { useState } from 'react';
import type { ReactNode } from 'react';
import { cleanNumberInput, type StatePath } from '@broker/domain';
import { controlProps, inputClass, useField } from './use-field';
import { FieldFrame } from './field-parts';

/** docs/product.md §5 default maximum length of a number input. */
const NUMBER_MAX_LENGTH = 240;

export interface NumberFieldProps {
  path: StatePath;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown before the box, e.g. '£' (GOV.UK prefix). */
  prefix?: string;
  /** Shown after the box, e.g. 'per month'. */
  suffix?: string;
  maxLength?: number;
  asHeading?: boolean;
  width?: 'full' | 'half' | 'quarter';
  /** How what is typed becomes the stored number; '' stores null. */
  clean?: (raw: string) => number | '';
}

function shown(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/**
 * GOV.UK advises a text box with inputmode numeric rather than type=number (which changes
 * values on scroll and rejects '£1,000'). What is typed is kept as typed while the box has
 * focus; the store gets the domain's cleaned number (blank → null) on every keystroke.
 */
export function NumberField({
  path,
  label,
  hint,
  prefix,
  suffix,
  maxLength = NUMBER_MAX_LENGTH,
  asHeading,
  width = 'half',
  clean = cleanNumberInput,
}: NumberFieldProps) {
  const field = useField<number | null>(path);
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? shown(field.value);
  const prefixId = `${field.id}-prefix`;
  const suffixId = `${field.id}-suffix`;
  const input = (
    <input
      {...controlProps(field, Boolean(hint), suffix && suffixId)}
      type="text"
      inputMode="numeric"
      className={`${inputClass('input', field)} input--${width}`}
      value={text}
      maxLength={maxLength}
      spellCheck={false}
      onChange={(event) => {
        setDraft(event.target.value);
        const cleaned = clean(event.target.value);
        field.setValue(cleaned === '' ? null : cleaned);
      }}
      onBlur={() => {
        setDraft(null);
        field.touch();
      }}
    />
  );
  return (
    <FieldFrame field={field} label={label} hint={hint} asHeading={asHeading}>
      {prefix || suffix ? (
        <div className="input-wrapper">
          {prefix && (
            <span id={prefixId} className="input-affix" aria-hidden="true">
              {prefix}
            </span>
          )}
          {input}
          {suffix && (
            <span id={suffixId} className="input-affix">
              {suffix}
            </span>
          )}
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}
