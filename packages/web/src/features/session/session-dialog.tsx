import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';

export interface SessionDialogProps {
  title: string;
  children: ReactNode;
  /** The one button; it closes the dialog, as Esc does. */
  actionLabel: string;
  /** Beside the button, outside the dialog's description. */
  extra?: ReactNode;
  /** After the dialog has closed (its button or Esc), focus already back where it was. */
  onClosed: () => void;
}

/**
 * A modal alert dialog (native <dialog>, showModal: the page behind is inert) whose message is
 * its description, so a screen reader reads it on opening; focus goes to its button. It is not
 * closed on unmount: React's StrictMode would then see a stray 'close' event.
 */
export function SessionDialog({
  title,
  children,
  actionLabel,
  extra,
  onClosed,
}: SessionDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const action = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    action.current?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="modal session-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClosed}
    >
      <h2 id={titleId} className="heading-m modal__title">
        {title}
      </h2>
      <div id={bodyId} className="modal__body">
        {children}
      </div>
      <div className="button-group modal__actions">
        <button
          ref={action}
          type="button"
          className="button"
          onClick={() => dialog.current?.close()}
        >
          {actionLabel}
        </button>
        {extra}
      </div>
    </dialog>
  );
}
