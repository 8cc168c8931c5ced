import { useEffect, useRef } from 'react';
import type {
  AnchorHTMLAttributes,
  ChangeEvent,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { BASE, navigate } from './router';

export interface Problem {
  field: string;
  message: string;
}

/** The page's h1, focused when the screen opens so a screen reader starts there. */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h1 className="heading-l" tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}

/** GOV.UK error summary: focused when it appears, a link to each field. */
export function ErrorSummary({ problems }: { problems: readonly Problem[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problems.length > 0) ref.current?.focus();
  }, [problems]);
  if (problems.length === 0) return null;
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
        {problems.map((problem) => (
          <li key={problem.field + problem.message}>
            <a href={`#${problem.field}`}>{problem.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
}

/** The ids a field's control is described by: its hint and its error, when it has them. */
function describedBy({ id, hint, error }: FieldProps): string | undefined {
  return (
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined
  );
}

/** A form group: label, hint, error message, then the control (GOV.UK's order). */
function Field({ id, label, hint, error, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={error ? 'form-group form-group--error' : 'form-group'}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <div id={`${id}-hint`} className="hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="error-message">
          <span className="visually-hidden">Error:</span> {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}

type TextInputProps = FieldProps & InputHTMLAttributes<HTMLInputElement>;

export function TextInput({ id, label, hint, error, className, ...input }: TextInputProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name={id}
        className={`input ${error ? 'input--error' : ''} ${className ?? ''}`.trim()}
        aria-describedby={describedBy({ id, label, hint, error })}
        aria-invalid={error ? true : undefined}
        {...input}
      />
    </Field>
  );
}

type SelectInputProps = FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly FilterOption[];
  };

/** A labelled select with its hint and error, like TextInput. */
export function SelectInput({ id, label, hint, error, options, ...select }: SelectInputProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        name={id}
        className={error ? 'select select--error' : 'select'}
        aria-describedby={describedBy({ id, label, hint, error })}
        aria-invalid={error ? true : undefined}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

type TextAreaProps = FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled text area with its hint and error, like TextInput. */
export function TextArea({ id, label, hint, error, ...textarea }: TextAreaProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        name={id}
        className="textarea"
        aria-describedby={describedBy({ id, label, hint, error })}
        aria-invalid={error ? true : undefined}
        {...textarea}
      />
    </Field>
  );
}

/** An in-app link: a real href (opens in a new tab too), handled without a page load. */
export function Link({
  to,
  state,
  children,
  ...rest
}: { to: string; state?: unknown } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a
      href={`${BASE}${to}`}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to, { state });
      }}
      {...rest}
    >
      {children}
    </a>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/** One filter of a list's filter row: a labelled select, the first option meaning "any". */
export function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  /** Missing reads as the empty value ("any"). */
  value: string | undefined;
  options: readonly FilterOption[];
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  return (
    <div className="form-group">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={id} className="select" value={value ?? ''} onChange={onChange}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One date of a filter row (from, to). */
export function FilterDate({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  /** Missing reads as the empty value ("any"). */
  value: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <div className="form-group">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        type="date"
        className="input input--date"
        value={value ?? ''}
        onChange={onChange}
      />
    </div>
  );
}
