import type { MouseEvent, Ref } from 'react';
import { fieldId } from '../lib/field-id';
import type { FieldError } from './form-context';

const FOCUSABLE = 'input:not([type=hidden]), select, textarea, button';

/**
 * GOV.UK error summary link behaviour: focus the field itself (the first control of a group)
 * and bring its label or legend into view with it, rather than jumping to the bare input.
 */
export function focusField(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const control = target.matches(FOCUSABLE) ? target : target.querySelector<HTMLElement>(FOCUSABLE);
  if (!control) return false;
  const context = control.closest('fieldset') ?? control.closest('.form-group') ?? control;
  context.scrollIntoView({ block: 'start' });
  control.focus({ preventScroll: true });
  return true;
}

interface ErrorSummaryProps {
  errors: readonly FieldError[];
  ref?: Ref<HTMLDivElement>;
}

/** 'There is a problem' with a link to each field; StepForm focuses it after Continue. */
export function ErrorSummary({ errors, ref }: ErrorSummaryProps) {
  if (errors.length === 0) return null;
  const onClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (focusField(id)) event.preventDefault();
  };
  return (
    <div
      ref={ref}
      className="error-summary"
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
    >
      <h2 id="error-summary-title" className="error-summary__title">
        There is a problem
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => {
          const id = fieldId(error.field);
          return (
            <li key={error.field}>
              <a href={`#${id}`} onClick={(event) => onClick(event, id)}>
                {error.message}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
