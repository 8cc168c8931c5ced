import { createContext, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { ApplicationState } from '@broker/domain';
import { useApplicationStore } from '../../../state/application-store';
import { track, VALIDATION_ERROR_EVENT } from '../../../analytics/track';

export interface FieldError {
  /** Dotted state path of the field, as the journey reports it. */
  field: string;
  message: string;
}

export type Validate = (application: ApplicationState) => readonly FieldError[];

/** docs/product.md §9: messages shake for 500 ms; shown messages are reported after 1 s. */
const SHAKE_MS = 500;
export const ERROR_REPORT_DEBOUNCE_MS = 1000;

export interface FormContextValue {
  /**
   * The message to show for a field: only once it is touched, or when Continue was pressed
   * while it was on the screen and wrong. A field an answer reveals after that press waits to
   * be touched, or for the next press (docs/decisions/0075-messages-when-they-help.md).
   */
  shownError: (path: string) => string | null;
  /** The messages on show, in screen order: what the error summary lists once Continue is pressed. */
  shownErrors: readonly FieldError[];
  hasError: (path: string) => boolean;
  isDirty: (path: string) => boolean;
  touch: (path: string) => void;
  markDirty: (path: string) => void;
  /** Every current error, in screen order (for the error summary and focus on Continue). */
  errors: readonly FieldError[];
  /** Continue pressed: every field with a message now shows it. */
  touchAll: () => void;
  /**
   * Registers what a field does to its answer when it is saved (a name's capital), for the form
   * to run before it is checked and sent; returns the unregistering function.
   */
  onBeforeSubmit: (save: () => void) => () => void;
  /** Runs every registered save: the form is being sent (Enter or Continue). */
  saveAll: () => void;
  /** Continue has been pressed on this form. */
  submitted: boolean;
  /** True for 500 ms after an invalid Continue; `shakeKey` restarts the animation. */
  shaking: boolean;
  shakeKey: number;
  shake: () => void;
}

const FormContext = createContext<FormContextValue | null>(null);

export function useFormContext(): FormContextValue | null {
  return use(FormContext);
}

function withItem(set: ReadonlySet<string>, item: string): ReadonlySet<string> {
  return set.has(item) ? set : new Set(set).add(item);
}

interface FieldFormProps {
  validate: Validate;
  /** Sent with the reported error texts, e.g. the step's path. */
  name?: string;
  children: ReactNode;
}

/**
 * The validation state of one form: which fields are touched and dirty, and the messages the
 * validator (the domain's, never the widget's own) gives for the current answers.
 */
export function FieldForm({ validate, name, children }: FieldFormProps) {
  const application = useApplicationStore((store) => store.application);
  const errors = useMemo(() => validate(application), [validate, application]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [dirty, setDirty] = useState<ReadonlySet<string>>(() => new Set());
  // The fields that had a message when Continue was last pressed (null: not pressed yet).
  const [pressedWith, setPressedWith] = useState<ReadonlySet<string> | null>(null);
  const submitted = pressedWith !== null;
  const [shaking, setShaking] = useState(false);
  const [shakeKey, setShakeKey] = useState(0);
  const shakeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const saves = useRef(new Set<() => void>());
  const onBeforeSubmit = useCallback((save: () => void) => {
    saves.current.add(save);
    return () => void saves.current.delete(save);
  }, []);
  const saveAll = useCallback(() => {
    for (const save of saves.current) save();
  }, []);

  const byField = useMemo(() => {
    const map = new Map<string, string>();
    for (const error of errors) if (!map.has(error.field)) map.set(error.field, error.message);
    return map;
  }, [errors]);

  const touch = useCallback((path: string) => setTouched((set) => withItem(set, path)), []);
  const markDirty = useCallback((path: string) => setDirty((set) => withItem(set, path)), []);
  // Checked when Continue is pressed, after the press's own saves (a name's capital).
  const touchAll = useCallback(
    () =>
      setPressedWith(
        new Set(validate(useApplicationStore.getState().application).map((error) => error.field)),
      ),
    [validate],
  );
  const shake = useCallback(() => {
    clearTimeout(shakeTimer.current);
    setShakeKey((key) => key + 1);
    setShaking(true);
    shakeTimer.current = setTimeout(() => setShaking(false), SHAKE_MS);
  }, []);
  useEffect(() => () => clearTimeout(shakeTimer.current), []);

  const isShown = useCallback(
    (path: string) => touched.has(path) || (pressedWith?.has(path) ?? false),
    [touched, pressedWith],
  );
  // One message a field, the first, as the field itself shows it.
  const shownErrors = useMemo(() => {
    const seen = new Set<string>();
    return errors.filter((error) => {
      if (seen.has(error.field) || !isShown(error.field)) return false;
      seen.add(error.field);
      return true;
    });
  }, [errors, isShown]);
  const value = useMemo<FormContextValue>(() => {
    return {
      shownError: (path) => (isShown(path) ? (byField.get(path) ?? null) : null),
      shownErrors,
      hasError: (path) => byField.has(path),
      isDirty: (path) => dirty.has(path),
      touch,
      markDirty,
      errors,
      touchAll,
      onBeforeSubmit,
      saveAll,
      submitted,
      shaking,
      shakeKey,
      shake,
    };
  }, [
    onBeforeSubmit,
    saveAll,
    isShown,
    shownErrors,
    byField,
    dirty,
    errors,
    markDirty,
    shake,
    shakeKey,
    shaking,
    submitted,
    touch,
    touchAll,
  ]);

  // Analytics learn which messages people actually see, once the screen has settled for 1 s.
  const shownTexts = shownErrors.map((error) => error.message).join('\n');
  useEffect(() => {
    if (shownTexts === '') return undefined;
    const timer = setTimeout(() => {
      track(VALIDATION_ERROR_EVENT, { errors: shownTexts.split('\n'), form: name ?? null });
    }, ERROR_REPORT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [shownTexts, name]);

  return <FormContext value={value}>{children}</FormContext>;
}
