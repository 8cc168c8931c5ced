import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Modal } from '../../chrome/modal';
import './secured.css';

export interface ExplainerProps {
  /** The link-styled button that opens it, e.g. 'What is a soft search?'. */
  trigger: string;
  title: string;
  children: ReactNode;
}

/**
 * A question's "what does this mean?" link and the modal dialog it opens (docs/product.md §2's soft search
 * and breathing space modals). A button, not a link: it opens a dialog, it goes nowhere.
 */
export function Explainer({ trigger, title, children }: ExplainerProps) {
  const [open, setOpen] = useState(false);
  const content = useRef<HTMLDivElement>(null);
  // The dialog would focus its first link, mid-text and scrolled to; start at the top instead.
  useEffect(() => {
    const element = content.current;
    if (!open || !element) return;
    element.focus({ preventScroll: true });
    const dialog = element.closest('dialog');
    if (dialog) dialog.scrollTop = 0;
  }, [open]);
  return (
    <>
      <button
        type="button"
        className="link-button explainer__trigger"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {trigger}
      </button>
      {/* Out of the question's hint and fieldset, which would otherwise contain the dialog. */}
      {createPortal(
        <Modal open={open} onClose={() => setOpen(false)} title={title}>
          <div ref={content} className="explainer" tabIndex={-1}>
            {children}
          </div>
        </Modal>,
        document.body,
      )}
    </>
  );
}
