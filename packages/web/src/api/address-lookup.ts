import type { AddressDetail, AddressLookupItem } from '@broker/domain';
import { isRecord, requestJson } from './http';
import { apiUrl } from './api-base';
import { reportError } from './client-errors';

// Shapes are read by hand rather than with the domain's zod schemas: zod would add more to the
// address screen's chunk than that screen's whole budget (docs/design.md §5). The server has already
// validated what it sends.

/** The answer's `Items`, or null when a 200 has none (broken JSON, another shape). */
function items(data: unknown): unknown[] | null {
  return isRecord(data) && Array.isArray(data.Items) ? data.Items : null;
}

/** A 200 the browser cannot read is a failure like any other, and reported as one. */
function unreadable(operation: 'addressLookupByPostCode' | 'getAddressById'): void {
  reportError(new Error('Address lookup answered 200 without Items'), 'failure', operation);
}

function isAddressItem(item: unknown): item is AddressLookupItem {
  return (
    isRecord(item) &&
    typeof item.udprn === 'string' &&
    typeof item.Address === 'string' &&
    item.Type === 'Address'
  );
}

/**
 * GET /api/address/{postcode} (docs/product.md §7): the items whose Type is Address. Anything but a
 * 200, a 200 without `Items`, or an error gives an empty list and is reported; the address step
 * then tells the visitor it found nothing (docs/decisions/0077-a-failed-address-lookup-says-so.md).
 */
export async function lookupPostcode(postcode: string): Promise<AddressLookupItem[]> {
  try {
    const url = await apiUrl(`/api/address/${encodeURIComponent(postcode)}`);
    const response = await requestJson('GET', url);
    if (response.status !== 200) {
      reportError(
        new Error(`Address lookup answered ${response.status}`),
        'failure',
        'addressLookupByPostCode',
      );
      return [];
    }
    const found = items(response.data);
    if (found === null) {
      unreadable('addressLookupByPostCode');
      return [];
    }
    return found.filter(isAddressItem);
  } catch (error) {
    reportError(error, 'failure', 'addressLookupByPostCode');
    return [];
  }
}

/** GET /api/address/id/{addressId}: the first item, or null (docs/product.md §7). */
export async function lookupAddressById(addressId: string): Promise<AddressDetail | null> {
  try {
    const url = await apiUrl(`/api/address/id/${encodeURIComponent(addressId)}`);
    const response = await requestJson('GET', url);
    if (response.status !== 200) {
      reportError(
        new Error(`Address detail answered ${response.status}`),
        'failure',
        'getAddressById',
      );
      return null;
    }
    const found = items(response.data);
    if (found === null) {
      unreadable('getAddressById');
      return null;
    }
    const first = found[0];
    return isRecord(first) && typeof first.postcode === 'string' ? (first as AddressDetail) : null;
  } catch (error) {
    reportError(error, 'failure', 'getAddressById');
    return null;
  }
}
