import type { StatePath } from '@broker/domain';
import type { ReactNode } from 'react';
import { describedBy, useField } from './use-field';
import { ErrorMessage, FormGroup, Hint, Legend, touchOnLeave } from './field-parts';

export type ChoiceValue = string | number | boolean;

export interface ChoiceOption<V extends ChoiceValue = ChoiceValue> {
  value: V;
  label: ReactNode;
  hint?: ReactNode;
}

export interface RadioGroupProps<V extends ChoiceValue> {
  path: StatePath;
  legend: ReactNode;
  options: readonly ChoiceOption<V>[];
  hint?: ReactNode;
  /** Side by side, for two short answers such as Yes / No (GOV.UK inline radios). */
  inline?: boolean;
  asHeading?: boolean;
  errorPath?: string;
  /** Called after the answer is saved, for answers that set more than one value. */
  onChoose?: (value: V) => void;
}

/** GOV.UK radios: a fieldset and legend; the first radio has the field's id (error links). */
export function RadioGroup<V extends ChoiceValue>({
  path,
  legend,
  options,
  hint,
  inline = false,
  asHeading = false,
  errorPath,
  onChoose,
}: RadioGroupProps<V>) {
  const field = useField<V | null>(path, errorPath);
  return (
    <FormGroup error={field.error !== null}>
      <fieldset className="fieldset" aria-describedby={describedBy(field, Boolean(hint))}>
        <Legend asHeading={asHeading}>{legend}</Legend>
        <Hint id={field.hintId}>{hint}</Hint>
        <ErrorMessage
          id={field.errorId}
          message={field.error}
          shaking={field.shaking}
          shakeKey={field.shakeKey}
        />
        <div className={inline ? 'radios radios--inline' : 'radios'}>
          {options.map((option, index) => {
            const id = index === 0 ? field.id : `${field.id}-${index + 1}`;
            const optionHintId = `${id}-item-hint`;
            return (
              <div className="radios__item" key={String(option.value)}>
                <input
                  id={id}
                  name={field.id}
                  type="radio"
                  className="radios__input"
                  value={String(index)}
                  checked={Object.is(field.value, option.value)}
                  disabled={field.disabled}
                  aria-describedby={option.hint ? optionHintId : undefined}
                  onBlur={touchOnLeave(field.touch)}
                  onChange={() => {
                    field.setValue(option.value);
                    onChoose?.(option.value);
                  }}
                />
                <label className="radios__label" htmlFor={id}>
                  {option.label}
                </label>
                {option.hint && (
                  <div id={optionHintId} className="hint radios__hint">
                    {option.hint}
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>
    </FormGroup>
  );
}
