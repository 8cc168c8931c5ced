import { useRef } from 'react';
import type { ChangeEvent, ClipboardEvent, ReactNode } from 'react';
import {
  dateOfBirthValue,
  getAnswer,
  padDatePart,
  type CalendarDate,
  type StatePath,
} from '@broker/domain';
import { fieldId } from '../lib/field-id';
import { today } from '../../../lib/today';
import { setFields, useApplication } from '../../../state/application-store';
import { describedBy, useField } from './use-field';
import { ErrorMessage, FormGroup, Hint, touchOnLeave } from './field-parts';

export interface DateOfBirthProps {
  dayPath: StatePath;
  monthPath: StatePath;
  yearPath: StatePath;
  /** Receives 'YYYY-MM-DDT00:00:00.000Z', or null while the date is incomplete or out of range. */
  valuePath: StatePath;
  /** Where the validator reports the section's one message; the value path unless told. */
  errorPath?: string;
  /** The hidden label: the legend's text when there is no heading (docs/product.md §2). */
  label?: string;
  /** The optional visible heading; it becomes the legend. */
  heading?: ReactNode;
  /** The heading is the page's h1 (one question per page). */
  asHeading?: boolean;
  hint?: ReactNode;
  smallPrint?: ReactNode;
  /** Receives the parsed date (or null), as docs/product.md §3 has the input pass it to its parent. */
  onDate?: (date: CalendarDate | null) => void;
  /** False for someone else's date (the joint applicant): the browser must not offer the user's own. */
  autoComplete?: boolean;
}

type Part = 'day' | 'month' | 'year';

const BOXES: readonly {
  part: Part;
  label: string;
  placeholder: string;
  maxLength: number;
  autoComplete: string;
  width: string;
}[] = [
  {
    part: 'day',
    label: 'Day',
    placeholder: 'DD',
    maxLength: 2,
    autoComplete: 'bday-day',
    width: 'input--width-2',
  },
  {
    part: 'month',
    label: 'Month',
    placeholder: 'MM',
    maxLength: 2,
    autoComplete: 'bday-month',
    width: 'input--width-2',
  },
  {
    part: 'year',
    label: 'Year',
    placeholder: 'YYYY',
    maxLength: 4,
    autoComplete: 'bday-year',
    width: 'input--width-4',
  },
];

const PASTED_DATE = /^\s*(\d{1,2})\s*[/.\- ]\s*(\d{1,2})\s*[/.\- ]\s*(\d{4})\s*$/;

/**
 * docs/design.md D7: focus moves on only when a typed digit fills the box. Paste, autofill, deletion
 * and keyboard navigation never move it, so Shift+Tab and corrections always work.
 */
function typedDigitFilledBox(event: ChangeEvent<HTMLInputElement>, maxLength: number): boolean {
  const native = event.nativeEvent as Partial<InputEvent>;
  const typed = native.inputType === 'insertText' || native.inputType === 'insertCompositionText';
  const input = event.target;
  return (
    typed &&
    /^\d$/.test(native.data ?? '') &&
    input.value.length === maxLength &&
    input.selectionStart === maxLength
  );
}

function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function parsed(value: string | null): CalendarDate | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
}

/** The date-of-birth section of docs/product.md §2, reusable for the applicant and the joint applicant. */
export function DateOfBirth({
  dayPath,
  monthPath,
  yearPath,
  valuePath,
  errorPath = valuePath,
  label = 'Date of birth',
  heading,
  asHeading = false,
  hint = 'For example, 27 3 1980',
  smallPrint,
  onDate,
  autoComplete = true,
}: DateOfBirthProps) {
  const group = useField<string | null>(valuePath, errorPath);
  const paths: Record<Part, string> = { day: dayPath, month: monthPath, year: yearPath };
  const values: Record<Part, string> = {
    day: asText(useApplication((application) => getAnswer(application, dayPath))),
    month: asText(useApplication((application) => getAnswer(application, monthPath))),
    year: asText(useApplication((application) => getAnswer(application, yearPath))),
  };
  const refs = {
    day: useRef<HTMLInputElement>(null),
    month: useRef<HTMLInputElement>(null),
    year: useRef<HTMLInputElement>(null),
  };
  const smallPrintId = `${fieldId(errorPath)}-small-print`;
  const boxPaths: readonly string[] = [dayPath, monthPath, yearPath];
  const wrapperId = boxPaths.includes(errorPath) ? undefined : fieldId(errorPath);

  const save = (next: Record<Part, string>) => {
    const value = dateOfBirthValue(next, today());
    setFields({
      [dayPath]: next.day === '' ? null : next.day,
      [monthPath]: next.month === '' ? null : next.month,
      [yearPath]: next.year === '' ? null : next.year,
      [valuePath]: value,
    });
    group.setValue(value);
    onDate?.(parsed(value));
  };

  const onChange = (part: Part, maxLength: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [part]: digitsOnly(event.target.value).slice(0, maxLength) };
    // docs/product.md §2: a single-digit day is padded once the month is edited, a month once the year is.
    if (part === 'month') next.day = padDatePart(next.day);
    if (part === 'year') next.month = padDatePart(next.month);
    save(next);
    if (typedDigitFilledBox(event, maxLength)) {
      if (part === 'day') refs.month.current?.focus();
      if (part === 'month') refs.year.current?.focus();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const match = PASTED_DATE.exec(event.clipboardData.getData('text'));
    if (!match) return;
    event.preventDefault();
    save({ day: padDatePart(match[1]!), month: padDatePart(match[2]!), year: match[3]! });
  };

  return (
    <FormGroup error={group.error !== null}>
      <fieldset
        className="fieldset"
        aria-describedby={describedBy(
          group,
          Boolean(hint),
          smallPrint !== undefined && smallPrintId,
        )}
      >
        {heading ? (
          <legend className="fieldset__legend fieldset__legend--l">
            {asHeading ? (
              <h1 className="fieldset__heading" tabIndex={-1}>
                {heading}
              </h1>
            ) : (
              <span className="fieldset__heading">{heading}</span>
            )}
          </legend>
        ) : (
          <legend className="visually-hidden">{label}</legend>
        )}
        <Hint id={group.hintId}>{hint}</Hint>
        <ErrorMessage
          id={group.errorId}
          message={group.error}
          shaking={group.shaking}
          shakeKey={group.shakeKey}
        />
        <div className="date-input" id={wrapperId}>
          {BOXES.map((box) => {
            const id = fieldId(paths[box.part]);
            return (
              <div className="date-input__item" key={box.part}>
                <label className="label date-input__label" htmlFor={id}>
                  {box.label}
                </label>
                <input
                  ref={refs[box.part]}
                  id={id}
                  name={id}
                  type="text"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  spellCheck={false}
                  autoComplete={autoComplete ? box.autoComplete : 'off'}
                  placeholder={box.placeholder}
                  maxLength={box.maxLength}
                  className={`input ${box.width}${group.error ? ' input--error' : group.valid ? ' input--valid' : ''}`}
                  value={values[box.part]}
                  disabled={group.disabled}
                  aria-invalid={group.error !== null}
                  onChange={onChange(box.part, box.maxLength)}
                  onPaste={onPaste}
                  onBlur={touchOnLeave(group.touch)}
                />
              </div>
            );
          })}
        </div>
        {smallPrint !== undefined && (
          <p id={smallPrintId} className="small-print">
            {smallPrint}
          </p>
        )}
      </fieldset>
    </FormGroup>
  );
}
