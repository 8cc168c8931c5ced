import {
  isValidPostcode,
  normalisePostcode,
  type AddressDetail,
  type AddressLookupItem,
} from '@broker/domain';

/**
 * One entry of `GET /api/address/{postcode}` (@broker/domain's addressLookupItemSchema). `udprn`
 * (docs/product.md §3's name) carries the provider's address id for `GET /api/address/id/{addressId}`: a
 * Royal Mail UDPRN for the embedded dataset and Ideal Postcodes, Loqate's own Id for Loqate.
 */
export type AddressListItem = AddressLookupItem & { Type: 'Address' };
export type { AddressDetail };

export type AddressProviderFailure =
  'timeout' | 'network' | 'http_status' | 'malformed_response' | 'provider_error' | 'unavailable';

/**
 * A lookup that could not be answered. The message is ours and never contains the postcode, the
 * id, the API key or the provider's URL, so it is safe to log.
 */
export class AddressProviderError extends Error {
  override readonly name = 'AddressProviderError';
  readonly failure: AddressProviderFailure;
  readonly provider: string;
  readonly status: number | undefined;

  constructor(provider: string, failure: AddressProviderFailure, message: string, status?: number) {
    super(message);
    this.provider = provider;
    this.failure = failure;
    this.status = status;
  }
}

export interface AddressProvider {
  readonly name: string;
  /** Addresses at a normalised postcode ('SW1A 2AA'); an unknown postcode is an empty list. */
  lookupByPostcode(postcode: string): Promise<AddressListItem[]>;
  /** The address with this id, or null when there is none. */
  getAddressById(id: string): Promise<AddressDetail | null>;
}

/** 'sw1a2aa' → 'SW1A 2AA' by the domain's rule, or null when it is not a UK postcode. */
export function postcodeOrNull(raw: string | null | undefined): string | null {
  return isValidPostcode(raw) ? normalisePostcode(raw) : null;
}

/** Provider ids: digits (UDPRN), 'M' + digits (UMPRN), Loqate's 'GB|RM|A|123|ENG' style. */
export const ADDRESS_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9|:_-]{0,63}$/;

export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function joinParts(parts: readonly (string | null | undefined)[], separator = ', '): string {
  return parts
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .join(separator);
}
