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

export const IDEAL_POSTCODES_BASE_URL = 'https://api.ideal-postcodes.co.uk';

export interface IdealPostcodesProviderOptions {
  apiKey: string;
  baseUrl?: string | undefined;
  timeoutMs?: number | undefined;
}

const text = z.string().nullish();

// Field names as the API spells them (`dependant_locality`), see the PAF field guide.
const addressSchema = z
  .object({
    postcode: z.string(),
    post_town: text,
    dependant_locality: text,
    double_dependant_locality: text,
    thoroughfare: text,
    dependant_thoroughfare: text,
    building_number: text,
    building_name: text,
    sub_building_name: text,
    line_1: text,
    line_2: text,
    line_3: text,
    county: text,
    udprn: z.number().int(),
    // Multiple Residence keys add rows sharing a udprn with their own umprn ('' otherwise).
    umprn: z.union([z.number().int(), z.string()]).nullish(),
  })
  .loose();

type IdealAddress = z.infer<typeof addressSchema>;

const listSchema = z.object({ result: z.array(addressSchema) });
const singleSchema = z.object({ result: addressSchema });

const UDPRN_ID = /^\d{1,10}$/;
const UMPRN_ID = /^M(\d{1,12})$/;

export function createIdealPostcodesProvider(
  options: IdealPostcodesProviderOptions,
): AddressProvider {
  const baseUrl = options.baseUrl ?? IDEAL_POSTCODES_BASE_URL;
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;

  async function get(path: string): Promise<unknown> {
    const url = new URL(path, baseUrl);
    url.searchParams.set('api_key', options.apiKey);
    const { status, body } = await getJson('ideal-postcodes', url, timeoutMs);
    if (status === 404) return null;
    if (status !== 200) {
      // 401 invalid key, 402 balance or daily limit used up, 429/5xx: the API's own error codes
      // (4010, 4020, ...) are in the body; the status alone decides.
      const code = z.object({ code: z.number() }).safeParse(body);
      const suffix = code.success ? ` (code ${code.data.code})` : '';
      throw new AddressProviderError(
        'ideal-postcodes',
        'http_status',
        `HTTP ${status}${suffix}`,
        status,
      );
    }
    return body;
  }

  function parse<T>(schema: z.ZodType<T>, body: unknown): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new AddressProviderError('ideal-postcodes', 'malformed_response', 'unexpected shape');
    }
    return parsed.data;
  }

  return {
    name: 'ideal-postcodes',
    async lookupByPostcode(postcode) {
      const body = await get(`/v1/postcodes/${encodeURIComponent(postcode.replace(/\s/g, ''))}`);
      if (body === null) return [];
      return parse(listSchema, body).result.map(toListItem);
    },
    async getAddressById(id) {
      const umprn = UMPRN_ID.exec(id)?.[1];
      const path = umprn ? `/v1/umprn/${umprn}` : UDPRN_ID.test(id) ? `/v1/udprn/${id}` : null;
      if (path === null) return null;
      const body = await get(path);
      if (body === null) return null;
      return toDetail(parse(singleSchema, body).result);
    },
  };
}

function idOf(address: IdealAddress): string {
  return typeof address.umprn === 'number' ? `M${address.umprn}` : String(address.udprn);
}

function toListItem(address: IdealAddress): AddressListItem {
  return {
    Type: 'Address',
    udprn: idOf(address),
    Address: joinParts([
      address.line_1,
      address.line_2,
      address.line_3,
      address.post_town,
      address.postcode,
    ]),
  };
}

function toDetail(address: IdealAddress): AddressDetail {
  return {
    subBuilding: blankToNull(address.sub_building_name),
    houseName: blankToNull(address.building_name),
    houseNumber: blankToNull(address.building_number),
    street: blankToNull(joinParts([address.dependant_thoroughfare, address.thoroughfare])),
    locality: blankToNull(
      joinParts([address.double_dependant_locality, address.dependant_locality]),
    ),
    town: blankToNull(address.post_town),
    county: blankToNull(address.county),
    postcode: postcodeOrNull(address.postcode) ?? address.postcode.trim(),
  };
}
