import type { StatePath } from '@broker/domain';
import type { ReactNode } from 'react';
import { describedBy, useField } from './use-field';
import { ErrorMessage, FormGroup, Hint } from './field-parts';

export interface CheckboxFieldProps {
  path: StatePath;
  label: ReactNode;
  hint?: ReactNode;
}

export function CheckboxField({ path, label, hint }: CheckboxFieldProps) {
  const field = useField<boolean | null>(path);
  return (
    <FormGroup error={field.error !== null}>
      <ErrorMessage
        id={field.errorId}
        message={field.error}
        shaking={field.shaking}
        shakeKey={field.shakeKey}
      />
      <div className="checkboxes__item">
        <input
          id={field.id}
          name={field.id}
          type="checkbox"
          className="checkboxes__input"
          checked={field.value === true}
          disabled={field.disabled}
          aria-invalid={field.error !== null}
          aria-describedby={describedBy(field, Boolean(hint))}
          onChange={(event) => {
            field.setValue(event.target.checked);
            field.touch();
          }}
          onBlur={field.touch}
        />
        <label className="checkboxes__label" htmlFor={field.id}>
          {label}
        </label>
        <Hint id={field.hintId}>{hint}</Hint>
      </div>
    </FormGroup>
  );
}
