import { useEffect, useRef, useState } from 'react';
import type { FocusEvent, ReactNode } from 'react';
import { cleanNumberInput, toDecimalYears } from '@broker/domain';
import { fieldId } from '../lib/field-id';
import { getAt } from '../lib/path';
import { getApplication } from '../state/application-store';
import { describedBy, inputClass, useField } from './use-field';
import { ErrorMessage, FormGroup, Hint, Legend, touchOnLeave } from './field-parts';

/** SPEC §9: the two boxes are combined into decimal years 100 ms after a change. */
export const YEARS_MONTHS_COMBINE_MS = 100;

export interface YearsMonthsProps {
  yearsPath: string;
  monthsPath: string;
  legend: ReactNode;
  hint?: ReactNode;
  /** Where the validator reports the pair's message; the years path unless told. */
  errorPath?: string;
  asHeading?: boolean;
  /** Receives years + months / 12 once typing pauses for 100 ms (SPEC §4). */
  onCombined?: (years: number) => void;
}

function shown(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

interface BoxProps {
  path: string;
  errorPath: string;
  label: string;
  maxLength: number;
  described: string | undefined;
  onChanged: () => void;
  onLeave: (event: FocusEvent<HTMLElement>) => void;
}

function Box({ path, errorPath, label, maxLength, described, onChanged, onLeave }: BoxProps) {
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
          onChanged();
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
  onCombined,
}: YearsMonthsProps) {
  const group = useField<number | null>(yearsPath, errorPath);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const combine = () => {
    if (!onCombined) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const application = getApplication();
      onCombined(
        toDecimalYears(
          getAt(application, yearsPath) as number | null,
          getAt(application, monthsPath) as number | null,
        ),
      );
    }, YEARS_MONTHS_COMBINE_MS);
  };
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
            onChanged={combine}
            onLeave={touchOnLeave(group.touch)}
          />
          <Box
            path={monthsPath}
            errorPath={errorPath}
            label="Months"
            maxLength={2}
            described={group.error ? group.errorId : undefined}
            onChanged={combine}
            onLeave={touchOnLeave(group.touch)}
          />
        </div>
      </fieldset>
    </FormGroup>
  );
}
