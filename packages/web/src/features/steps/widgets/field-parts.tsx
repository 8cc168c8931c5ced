import type { FocusEvent, ReactNode } from 'react';
import type { FieldBinding } from './use-field';

interface ErrorMessageProps {
  id: string;
  message: string | null;
  shaking: boolean;
  shakeKey: number;
}

/** GOV.UK error message: id `<field-id>-error`, prefixed 'Error:' for screen readers. */
export function ErrorMessage({ id, message, shaking, shakeKey }: ErrorMessageProps) {
  if (message === null) return null;
  return (
    <p
      key={shakeKey}
      id={id}
      className={shaking ? 'error-message error-message--shake' : 'error-message'}
    >
      <span className="visually-hidden">Error:</span> {message}
    </p>
  );
}

export function Hint({ id, children }: { id: string; children?: ReactNode }) {
  if (children === undefined || children === null || children === '') return null;
  return (
    <div id={id} className="hint">
      {children}
    </div>
  );
}

export function FormGroup({ error, children }: { error: boolean; children: ReactNode }) {
  return <div className={error ? 'form-group form-group--error' : 'form-group'}>{children}</div>;
}

interface FieldFrameProps {
  field: Pick<
    FieldBinding<unknown>,
    'id' | 'error' | 'errorId' | 'hintId' | 'shaking' | 'shakeKey'
  >;
  label: ReactNode;
  hint?: ReactNode;
  asHeading?: boolean;
  /** The control itself, labelled by the frame. */
  children: ReactNode;
}

/** A one-control question: the group, its label (or h1), hint and message, then the control. */
export function FieldFrame({ field, label, hint, asHeading, children }: FieldFrameProps) {
  return (
    <FormGroup error={field.error !== null}>
      <Label htmlFor={field.id} asHeading={asHeading}>
        {label}
      </Label>
      <Hint id={field.hintId}>{hint}</Hint>
      <ErrorMessage
        id={field.errorId}
        message={field.error}
        shaking={field.shaking}
        shakeKey={field.shakeKey}
      />
      {children}
    </FormGroup>
  );
}

interface LegendProps {
  children: ReactNode;
  /** The question is the page's heading (GOV.UK: legend wraps the h1). */
  asHeading?: boolean;
}

export function Legend({ children, asHeading = false }: LegendProps) {
  if (asHeading) {
    return (
      <legend className="fieldset__legend fieldset__legend--l">
        <h1 className="fieldset__heading" tabIndex={-1}>
          {children}
        </h1>
      </legend>
    );
  }
  return <legend className="fieldset__legend">{children}</legend>;
}

interface LabelProps {
  htmlFor: string;
  children: ReactNode;
  asHeading?: boolean;
}

export function Label({ htmlFor, children, asHeading = false }: LabelProps) {
  const label = (
    <label className={asHeading ? 'label label--l' : 'label'} htmlFor={htmlFor}>
      {children}
    </label>
  );
  return asHeading ? (
    <h1 className="label-wrapper" tabIndex={-1}>
      {label}
    </h1>
  ) : (
    label
  );
}

/**
 * For each control of a group: marks the group touched only when focus leaves the whole
 * fieldset, not when it moves between the group's own controls.
 */
export function touchOnLeave(touch: () => void) {
  return (event: FocusEvent<HTMLElement>) => {
    const group = event.currentTarget.closest('fieldset') ?? event.currentTarget;
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !group.contains(next)) touch();
  };
}
