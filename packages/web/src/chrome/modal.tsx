import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  /** Called on Esc, the close button, or an action that closes it. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons under the content; a 'Close' button is shown when there are none. */
  actions?: ReactNode;
  /** Content already has its own h2 title (legal texts): name the dialog by that id instead. */
  labelledBy?: string;
  closeLabel?: string;
}

/**
 * The base of every modal (terms, privacy, cookies, soft search, breathing space, session
 * timeout). The native <dialog> opened with showModal() makes the rest of the page inert,
 * keeps focus inside and closes on Esc; focus returns to where it was when it closes.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  actions,
  labelledBy,
  closeLabel = 'Close',
}: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={labelledBy ?? titleId}
      onClose={() => {
        if (open) onClose();
      }}
    >
      {!labelledBy && (
        <h2 id={titleId} className="heading-m modal__title">
          {title}
        </h2>
      )}
      <div className="modal__body">{children}</div>
      <div className="button-group modal__actions">
        {actions ?? (
          <button type="button" className="button" onClick={onClose}>
            {closeLabel}
          </button>
        )}
      </div>
    </dialog>
  );
}
