import type { StatePath } from '@broker/domain';
import type { ReactNode } from 'react';
import { describedBy, inputClass, useField } from './use-field';
import { ErrorMessage, FormGroup, Hint, Label } from './field-parts';
import '../../secured/secured.css';

export interface StatementFieldProps {
  path: StatePath;
  label: ReactNode;
  hint?: ReactNode;
  maxLength: number;
}

/** A free-text answer longer than a line (the additional-needs statement, up to 500 characters). */
export function StatementField({ path, label, hint, maxLength }: StatementFieldProps) {
  const field = useField<string | null>(path);
  return (
    <FormGroup error={field.error !== null}>
      <Label htmlFor={field.id}>{label}</Label>
      <Hint id={field.hintId}>{hint}</Hint>
      <ErrorMessage
        id={field.errorId}
        message={field.error}
        shaking={field.shaking}
        shakeKey={field.shakeKey}
      />
      <textarea
        id={field.id}
        name={field.id}
        className={inputClass('textarea', field)}
        rows={5}
        value={field.value ?? ''}
        maxLength={maxLength}
        disabled={field.disabled}
        aria-invalid={field.error !== null}
        aria-describedby={describedBy(field, Boolean(hint))}
        onChange={(event) => field.setValue(event.target.value === '' ? null : event.target.value)}
        onBlur={field.touch}
      />
    </FormGroup>
  );
}
