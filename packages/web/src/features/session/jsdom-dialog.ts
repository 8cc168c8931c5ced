/**
 * jsdom has no showModal or close: just enough of them for component tests (the open
 * attribute and the 'cancel' and 'close' events). Real modality and focus return are tested
 * in Chromium (e2e).
 */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

/** What Esc does to a modal dialog: 'cancel', then (unless prevented) it closes. */
export function pressEscape(dialog: HTMLDialogElement): void {
  if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
}
