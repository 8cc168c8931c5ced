import { z } from 'zod';
import { DEFAULT_PROVIDER_TIMEOUT_MS, getJson } from './http.js';
import {
  AddressProviderError,
  blankToNull,
  joinParts,
  postcodeOrNull,
  type AddressDetail,
  type AddressListItem,
  type AddressProvider,
} from './types.js';

export const LOQATE_BASE_URL = 'https://api.addressy.com';
const FIND_PATH = '/Capture/Interactive/Find/v1.10/json3.ws';
const RETRIEVE_PATH = '/Capture/Interactive/Retrieve/v1.20/json3.ws';
// A postcode holds at most about 100 delivery points; large blocks of flats come back as nested
// containers, so a few extra Find calls are allowed, but never an unbounded crawl.
const MAX_FIND_CALLS = 6;

export interface LoqateProviderOptions {
  apiKey: string;
  baseUrl?: string | undefined;
  timeoutMs?: number | undefined;
}

const text = z.string().nullish();

const errorItemSchema = z.object({ Error: z.union([z.string(), z.number()]) }).loose();

const findItemSchema = z
  .object({ Id: z.string(), Type: z.string(), Text: z.string(), Description: text })
  .loose();

const retrieveItemSchema = z
  .object({
    SubBuilding: text,
    BuildingName: text,
    BuildingNumber: text,
    SecondaryStreet: text,
    Street: text,
    Neighbourhood: text,
    District: text,
    City: text,
    Province: text,
    ProvinceName: text,
    PostalCode: text,
  })
  .loose();

const envelopeSchema = z.object({ Items: z.array(z.record(z.string(), z.unknown())) });

type FindItem = z.infer<typeof findItemSchema>;

export function createLoqateProvider(options: LoqateProviderOptions): AddressProvider {
  const baseUrl = options.baseUrl ?? LOQATE_BASE_URL;
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;

  async function call(path: string, params: Record<string, string>) {
    const url = new URL(path, baseUrl);
    url.searchParams.set('Key', options.apiKey);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const { status, body } = await getJson('loqate', url, timeoutMs);
    if (status !== 200) {
      throw new AddressProviderError('loqate', 'http_status', `HTTP ${status}`, status);
    }
    const envelope = envelopeSchema.safeParse(body);
    if (!envelope.success) {
      throw new AddressProviderError('loqate', 'malformed_response', 'no Items list', status);
    }
    const items = envelope.data.Items;
    const error = errorItemSchema.safeParse(items[0]);
    if (error.success) {
      // Loqate answers errors with HTTP 200 and one item { Error, Description, Cause, Resolution }.
      const description = z.string().catch('').parse(error.data['Description']);
      throw new AddressProviderError(
        'loqate',
        'provider_error',
        `error ${String(error.data.Error)} ${description}`.trim().slice(0, 200),
        status,
      );
    }
    return items;
  }

  function find(postcode: string, container: string): Promise<Record<string, unknown>[]> {
    return call(FIND_PATH, {
      Text: postcode,
      Container: container,
      Countries: 'GB',
      IsMiddleware: 'true',
      Limit: '100',
      Language: 'en-gb',
    });
  }

  function parseFindItems(items: Record<string, unknown>[]): FindItem[] {
    return items.map((item) => {
      const parsed = findItemSchema.safeParse(item);
      if (!parsed.success) {
        throw new AddressProviderError('loqate', 'malformed_response', 'Find item without Id/Type');
      }
      return parsed.data;
    });
  }

  return {
    name: 'loqate',
    async lookupByPostcode(postcode) {
      let calls = 1;
      const first = parseFindItems(await find(postcode, ''));
      // A postcode search answers with the postcode as a container; addresses are inside it.
      const containers = first.filter(
        (item) => item.Type !== 'Address' && postcodeOrNull(item.Text) === postcode,
      );
      const addresses = first.filter((item) => item.Type === 'Address');
      while (containers.length > 0 && calls < MAX_FIND_CALLS) {
        const container = containers.shift();
        if (!container) break;
        calls += 1;
        for (const item of parseFindItems(await find(postcode, container.Id))) {
          if (item.Type === 'Address') addresses.push(item);
          else containers.push(item);
        }
      }
      return addresses.map(toListItem);
    },
    async getAddressById(id) {
      const items = await call(RETRIEVE_PATH, { Id: id });
      if (items.length === 0) return null;
      const parsed = retrieveItemSchema.safeParse(items[0]);
      if (!parsed.success) {
        throw new AddressProviderError('loqate', 'malformed_response', 'Retrieve item malformed');
      }
      const postcode = postcodeOrNull(parsed.data.PostalCode);
      if (postcode === null) {
        // Every GB delivery point has one; without it the form could not be filled.
        throw new AddressProviderError(
          'loqate',
          'malformed_response',
          'Retrieve item without postcode',
        );
      }
      return toDetail(parsed.data, postcode);
    },
  };
}

function toListItem(item: FindItem): AddressListItem {
  return { Type: 'Address', udprn: item.Id, Address: joinParts([item.Text, item.Description]) };
}

function toDetail(item: z.infer<typeof retrieveItemSchema>, postcode: string): AddressDetail {
  return {
    subBuilding: blankToNull(item.SubBuilding),
    houseName: blankToNull(item.BuildingName),
    houseNumber: blankToNull(item.BuildingNumber),
    street: blankToNull(joinParts([item.SecondaryStreet, item.Street])),
    // Loqate's GB data puts the dependent locality in District and the double-dependent one in
    // Neighbourhood; the form has one locality line, read from smallest to largest.
    locality: blankToNull(joinParts([item.Neighbourhood, item.District])),
    town: blankToNull(item.City),
    county: blankToNull(item.Province) ?? blankToNull(item.ProvinceName),
    postcode,
  };
}
