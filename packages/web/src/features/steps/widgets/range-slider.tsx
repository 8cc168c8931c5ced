import { useState } from 'react';
import type { ReactNode } from 'react';
import { cleanNumberInput, type StatePath } from '@broker/domain';
import { describedBy, inputClass, useField } from './use-field';
import { ErrorMessage, FormGroup, Hint, Legend, touchOnLeave } from './field-parts';

export interface RangeSliderProps {
  path: StatePath;
  legend: ReactNode;
  min: number;
  max: number;
  step?: number;
  /** How a value is written for people: '£10,000', '5 years'. */
  format?: (value: number) => string;
  hint?: ReactNode;
  /** Label of the typed alternative (docs/design.md D15). */
  typedLabel?: ReactNode;
  /** Before the typed box, e.g. '£'. */
  prefix?: string;
  /** After the typed box, e.g. 'years'. */
  suffix?: string;
  asHeading?: boolean;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * A range slider with its value, minimum and maximum shown, and a typed box bound to the same
 * value (docs/design.md D15, WCAG 2.5.7): no answer needs a drag. The typed box carries the field's
 * id, so the error summary's link lands where the answer can be typed.
 */
export function RangeSlider({
  path,
  legend,
  min,
  max,
  step = 1,
  format = String,
  hint,
  typedLabel = 'Or type the amount',
  prefix,
  suffix,
  asHeading,
}: RangeSliderProps) {
  const field = useField<number | null>(path);
  const [draft, setDraft] = useState<string | null>(null);
  const value = isNumber(field.value) ? field.value : null;
  const sliderValue = value === null ? min : Math.min(Math.max(value, min), max);
  const sliderId = `${field.id}-range`;
  const valueId = `${field.id}-value`;
  const suffixId = `${field.id}-suffix`;
  const described = describedBy(field, Boolean(hint));
  return (
    <FormGroup error={field.error !== null}>
      <fieldset className="fieldset" aria-describedby={described}>
        <Legend asHeading={asHeading}>{legend}</Legend>
        <Hint id={field.hintId}>{hint}</Hint>
        <ErrorMessage
          id={field.errorId}
          message={field.error}
          shaking={field.shaking}
          shakeKey={field.shakeKey}
        />
        <p id={valueId} className="slider__value" aria-hidden="true">
          {value === null ? '–' : format(value)}
        </p>
        <label className="visually-hidden" htmlFor={sliderId}>
          Choose with the slider
        </label>
        <input
          id={sliderId}
          type="range"
          className="slider"
          min={min}
          max={max}
          step={step}
          value={sliderValue}
          disabled={field.disabled}
          aria-valuetext={format(sliderValue)}
          onBlur={touchOnLeave(field.touch)}
          onChange={(event) => {
            setDraft(null);
            field.setValue(Number(event.target.value));
          }}
        />
        <div className="slider__limits">
          <span>
            <span className="visually-hidden">Minimum </span>
            {format(min)}
          </span>
          <span>
            <span className="visually-hidden">Maximum </span>
            {format(max)}
          </span>
        </div>
        <div className="slider__typed">
          <label className="label" htmlFor={field.id}>
            {typedLabel}
          </label>
          <div className="input-wrapper">
            {prefix && (
              <span className="input-affix" aria-hidden="true">
                {prefix}
              </span>
            )}
            <input
              id={field.id}
              name={field.id}
              type="text"
              inputMode="numeric"
              spellCheck={false}
              className={`${inputClass('input', field)} input--quarter-plus`}
              value={draft ?? (value === null ? '' : String(value))}
              disabled={field.disabled}
              aria-invalid={field.error !== null}
              aria-describedby={describedBy(field, Boolean(hint), suffix && suffixId)}
              onChange={(event) => {
                setDraft(event.target.value);
                const cleaned = cleanNumberInput(event.target.value);
                field.setValue(cleaned === '' ? null : cleaned);
              }}
              onBlur={(event) => {
                setDraft(null);
                touchOnLeave(field.touch)(event);
              }}
            />
            {suffix && (
              <span id={suffixId} className="input-affix">
                {suffix}
              </span>
            )}
          </div>
        </div>
      </fieldset>
    </FormGroup>
  );
}
