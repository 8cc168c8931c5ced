import { useCallback } from 'react';
import { getAnswer, type StatePath } from '@broker/domain';
import { fieldId, errorId, hintId } from '../lib/field-id';
import { setField, useApplication } from '../../../state/application-store';
import { useFormContext } from './form-context';

export interface FieldBinding<T> {
  id: string;
  value: T;
  /** Saves to the store (and so to sessionStorage) and marks the field dirty. */
  setValue: (value: T) => void;
  /** Marks the field touched, so its message may show. */
  touch: () => void;
  error: string | null;
  /** Dirty and valid: the field gets its valid styling. */
  valid: boolean;
  /** lockDown disables every input (docs/product.md §3). */
  disabled: boolean;
  errorId: string;
  hintId: string;
  shaking: boolean;
  shakeKey: number;
}

/**
 * Binds a widget to one answer of the application. `errorPath` is the path the validator
 * reports the field's message under, when that differs from the value's own path.
 */
export function useField<T>(path: StatePath, errorPath: string = path): FieldBinding<T> {
  const value = useApplication((application) => getAnswer(application, path)) as T;
  const disabled = useApplication((application) => application.lockDown);
  const form = useFormContext();
  const markDirty = form?.markDirty;
  const touchField = form?.touch;
  const setValue = useCallback(
    (next: T) => {
      setField(path, next);
      markDirty?.(errorPath);
    },
    [path, errorPath, markDirty],
  );
  const touch = useCallback(() => touchField?.(errorPath), [touchField, errorPath]);
  const error = form?.shownError(errorPath) ?? null;
  return {
    id: fieldId(path),
    value,
    setValue,
    touch,
    error,
    valid:
      error === null && (form?.isDirty(errorPath) ?? false) && !(form?.hasError(errorPath) ?? true),
    disabled,
    errorId: errorId(errorPath),
    hintId: hintId(path),
    shaking: form?.shaking ?? false,
    shakeKey: form?.shakeKey ?? 0,
  };
}

/** The ids a control's aria-describedby lists: its hint and, when shown, its message. */
export function describedBy(
  field: Pick<FieldBinding<unknown>, 'error' | 'errorId' | 'hintId'>,
  hasHint: boolean,
  ...extra: (string | false | undefined)[]
): string | undefined {
  const ids = [hasHint && field.hintId, ...extra, field.error !== null && field.errorId].filter(
    (id): id is string => typeof id === 'string' && id !== '',
  );
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The attributes every single control shares: id and name, lockDown, and its description. */
export function controlProps(
  field: Pick<FieldBinding<unknown>, 'id' | 'disabled' | 'error' | 'errorId' | 'hintId'>,
  hasHint: boolean,
  ...extra: (string | false | undefined)[]
) {
  return {
    id: field.id,
    name: field.id,
    disabled: field.disabled,
    'aria-invalid': field.error !== null,
    'aria-describedby': describedBy(field, hasHint, ...extra),
  };
}

export function inputClass(
  base: string,
  field: Pick<FieldBinding<unknown>, 'error' | 'valid'>,
): string {
  if (field.error !== null) return `${base} ${base}--error`;
  return field.valid ? `${base} ${base}--valid` : base;
}
