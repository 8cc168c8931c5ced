import { useEffect, useId, useRef, useState } from 'react';
import { REPRESENTATIVE_EXAMPLE, reviewBadge, vehicleTypeForHost } from '@broker/domain';
import { currentBrand } from '../../lib/brand';
import { ReviewBadge } from './review-badge';
import { POPUP_CLOSED_KEY } from './closed';
import {
  BENEFITS,
  NO_IMPACT_NOTE,
  representativeExampleText,
  STATUS_AND_INCOME,
} from './representative-example';
import './popup.css';

/**
 * Back where focus was; on load that is nowhere (the body), so the page's h1 instead: a
 * screen reader then starts at the question, and Tab at the top of the page.
 */
function returnFocus(previous: Element | null): void {
  if (previous instanceof HTMLElement && previous !== document.body && previous.isConnected) {
    previous.focus();
    return;
  }
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

function rememberClosed(): void {
  try {
    sessionStorage.setItem(POPUP_CLOSED_KEY, '1');
  } catch {
    // Storage refused (a private window's quota): the pop-up may show again on the next load.
  }
}

/**
 * docs/product.md §1: on the modal-apply host, the representative example pops up on load. A native
 * modal <dialog>: the page behind is inert, focus goes to its heading so a screen reader
 * reads it from the top, Esc or 'Get a quote' close it and focus goes back; closed, it stays
 * closed in this tab. Its heading invites a quote from the broker, which offers homeowner loans
 * too; the benefits and the example beneath it are about the host's vehicle type ('Caravan
 * finance' on a caravan host), and say so (docs/decisions/0078-the-first-screen-and-the-pop-up.md).
 */
export default function RepresentativeExamplePopup({
  host = window.location.host,
}: {
  host?: string;
}) {
  const brand = currentBrand(host);
  const [open, setOpen] = useState(true);
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const noteId = useId();
  const previous = useRef<Element | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    previous.current = document.activeElement;
    element.showModal();
    heading.current?.focus();
  }, []);
  const onClose = () => {
    rememberClosed();
    setOpen(false);
    returnFocus(previous.current);
  };
  const vehicleFinance = `${vehicleTypeForHost(host)} finance`;
  if (!open) return null;
  return (
    <dialog ref={dialog} className="modal quote-popup" aria-labelledby={titleId} onClose={onClose}>
      <h2 ref={heading} id={titleId} className="heading-m modal__title" tabIndex={-1}>
        Get a quote from {brand.name}
      </h2>
      <h3 className="quote-popup__product">{vehicleFinance}</h3>
      <ul className="quote-popup__benefits">
        {BENEFITS.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <p className="quote-popup__example">{representativeExampleText(REPRESENTATIVE_EXAMPLE)}</p>
      <p>{STATUS_AND_INCOME}</p>
      <ReviewBadge badge={reviewBadge(brand)} />
      <div className="button-group modal__actions">
        <button
          type="button"
          className="button"
          aria-describedby={noteId}
          onClick={() => dialog.current?.close()}
        >
          Get a quote
        </button>
        <p id={noteId} className="quote-popup__note">
          {NO_IMPACT_NOTE}
        </p>
      </div>
    </dialog>
  );
}
