import { isModalApplyHost } from '@broker/domain';
import { LoadLater } from '../session/load-later';
import { POPUP_CLOSED_KEY } from './closed';

const loadPopup = () => import('./representative-example-popup');

function closedInThisTab(): boolean {
  try {
    return sessionStorage.getItem(POPUP_CLOSED_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * docs/product.md §1: only a host whose first label is the modal-apply key fetches the pop-up at
 * all, and once it has been closed it does not come back in this tab
 * (docs/decisions/0078-the-first-screen-and-the-pop-up.md).
 */
export function ModalApply({ host = window.location.host }: { host?: string }) {
  return isModalApplyHost(host) && !closedInThisTab() ? <LoadLater load={loadPopup} /> : null;
}
