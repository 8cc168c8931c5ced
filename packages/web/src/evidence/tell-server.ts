import type { DisclosureTextId } from '@broker/domain';
import { apiUrl } from '../api/api-base';
import { requestJson } from '../api/http';

let unsent: { key: string; shown: { text: DisclosureTextId; version: number }[] } | null = null;

/**
 * Tells the server which texts this page has just shown, for its own record of what it served
 * the application's session (docs/evidence.md, decision 0060). After the render, in one request
 * for the texts of one render; a failure leaves the browser's record as the only one.
 */
export function tellServer(key: string, text: DisclosureTextId, version: number): void {
  if (unsent?.key === key) {
    unsent.shown.push({ text, version });
    return;
  }
  const batch = (unsent = { key, shown: [{ text, version }] });
  setTimeout(() => {
    if (unsent === batch) unsent = null;
    apiUrl(`/api/disclosures/${encodeURIComponent(key)}`)
      .then((url) => requestJson('POST', url, { shown: batch.shown }))
      .catch(() => undefined);
  });
}
