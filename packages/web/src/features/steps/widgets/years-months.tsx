import { useState } from 'react';
import type { FocusEvent, ReactNode } from 'react';
import { cleanNumberInput, type StatePath } from '@broker/domain';
import { fieldId } from '../lib/field-id';
import { describedBy, inputClass, useField } from './use-field';
import { ErrorMessage, FormGroup, Hint, Legend, touchOnLeave } from './field-parts';

// docs/product.md §4 and §9 combine the boxes into decimal years 100 ms after a change. Here each box is
// stored as typed and the domain's totals (years-months.ts) are computed when read, so nothing
// can act on a total 100 ms out of date: docs/decisions/0017-years-and-months-totals.md.

export interface YearsMonthsProps {
  yearsPath: StatePath;
  monthsPath: StatePath;
  legend: ReactNode;
  hint?: ReactNode;
  /** Where the validator reports the pair's message; the years path unless told. */
  errorPath?: string;
  asHeading?: boolean;
}

function shown(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

interface BoxProps {
  path: StatePath;
  errorPath: string;
  label: string;
  maxLength: number;
  described: string | undefined;
  onLeave: (event: FocusEvent<HTMLElement>) => void;
}

function Box({ path, errorPath, label, maxLength, described, onLeave }: BoxProps) {
  const field = useField<number | null>(path, errorPath);
  const [draft, setDraft] = useState<string | null>(null);
  const id = fieldId(path);
  return (
    <div className="years-months__item">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        type="text"
        inputMode="numeric"
        spellCheck={false}
        className={`${inputClass('input', field)} input--width-3`}
        maxLength={maxLength}
        value={draft ?? shown(field.value)}
        disabled={field.disabled}
        aria-invalid={field.error !== null}
        aria-describedby={described}
        onChange={(event) => {
          setDraft(event.target.value);
          const cleaned = cleanNumberInput(event.target.value);
          field.setValue(cleaned === '' ? null : cleaned);
        }}
        onBlur={(event) => {
          setDraft(null);
          onLeave(event);
        }}
      />
    </div>
  );
}

/** Two number boxes, years and months, answered as one question with one message. */
export function YearsMonths({
  yearsPath,
  monthsPath,
  legend,
  hint,
  errorPath = yearsPath,
  asHeading,
}: YearsMonthsProps) {
  const group = useField<number | null>(yearsPath, errorPath);
  const described = describedBy(group, Boolean(hint));
  return (
    <FormGroup error={group.error !== null}>
      <fieldset className="fieldset" aria-describedby={described}>
        <Legend asHeading={asHeading}>{legend}</Legend>
        <Hint id={group.hintId}>{hint}</Hint>
        <ErrorMessage
          id={group.errorId}
          message={group.error}
          shaking={group.shaking}
          shakeKey={group.shakeKey}
        />
        <div className="years-months">
          <Box
            path={yearsPath}
            errorPath={errorPath}
            label="Years"
            maxLength={2}
            described={group.error ? group.errorId : undefined}
            onLeave={touchOnLeave(group.touch)}
          />
          <Box
            path={monthsPath}
            errorPath={errorPath}
            label="Months"
            maxLength={2}
            described={group.error ? group.errorId : undefined}
            onLeave={touchOnLeave(group.touch)}
          />
        </div>
      </fieldset>
    </FormGroup>
  );
}
