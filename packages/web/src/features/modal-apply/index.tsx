import { isModalApplyHost } from '@broker/domain';
import { LoadLater } from '../session/load-later';

const loadPopup = () => import('./representative-example-popup');

/** docs/product.md §1: only a host whose first label is the modal-apply key fetches the pop-up at all. */
export function ModalApply({ host = window.location.host }: { host?: string }) {
  return isModalApplyHost(host) ? <LoadLater load={loadPopup} /> : null;
}
