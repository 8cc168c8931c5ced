import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  AddressProviderError,
  blankToNull,
  joinParts,
  postcodeOrNull,
  type AddressDetail,
  type AddressListItem,
  type AddressProvider,
} from './types.js';

export const SAMPLE_DATASET_PATH = fileURLToPath(
  new URL('../../data/addresses.sample.json', import.meta.url),
);

const part = z.string().trim().min(1).max(100).optional();

const datasetSchema = z.strictObject({
  format: z.literal('broker-address-dataset/1'),
  sampleData: z.boolean(),
  notice: z.string().optional(),
  simulatedFailures: z
    .strictObject({
      postcodes: z.array(z.string()).default([]),
      addressIds: z.array(z.string()).default([]),
    })
    .optional(),
  addresses: z.array(
    z.strictObject({
      udprn: z.number().int().positive(),
      postcode: z.string(),
      subBuilding: part,
      houseName: part,
      houseNumber: part,
      street: part,
      locality: part,
      town: z.string().trim().min(1).max(100),
      county: part,
    }),
  ),
});

type DatasetAddress = z.infer<typeof datasetSchema>['addresses'][number];

export interface EmbeddedProviderOptions {
  /** A dataset file in the format of docs/address-dataset.md; defaults to the shipped sample. */
  datasetPath?: string | undefined;
}

/** Reads and checks the whole dataset at start, so a broken file stops the server early. */
export function createEmbeddedProvider(options: EmbeddedProviderOptions = {}): AddressProvider {
  const datasetPath = options.datasetPath ?? SAMPLE_DATASET_PATH;
  const dataset = loadDataset(datasetPath);

  const byPostcode = new Map<string, DatasetAddress[]>();
  const byId = new Map<string, DatasetAddress>();
  for (const address of dataset.addresses) {
    const postcode = postcodeOrNull(address.postcode);
    const id = String(address.udprn);
    if (!postcode) throw new Error(`${datasetPath}: udprn ${id} has an invalid postcode`);
    if (byId.has(id)) throw new Error(`${datasetPath}: udprn ${id} appears twice`);
    const normalised = { ...address, postcode };
    byId.set(id, normalised);
    byPostcode.set(postcode, [...(byPostcode.get(postcode) ?? []), normalised]);
  }
  const failingPostcodes = new Set(
    (dataset.simulatedFailures?.postcodes ?? []).map((postcode) => postcodeOrNull(postcode)),
  );
  const failingIds = new Set(dataset.simulatedFailures?.addressIds ?? []);

  return {
    name: 'embedded',
    lookupByPostcode(postcode) {
      const key = postcodeOrNull(postcode);
      if (key !== null && failingPostcodes.has(key)) {
        return Promise.reject(simulatedFailure());
      }
      const found = key === null ? [] : (byPostcode.get(key) ?? []);
      return Promise.resolve(found.map(toListItem));
    },
    getAddressById(id) {
      if (failingIds.has(id)) return Promise.reject(simulatedFailure());
      const address = byId.get(id);
      return Promise.resolve(address ? toDetail(address) : null);
    },
  };
}

function loadDataset(datasetPath: string): z.infer<typeof datasetSchema> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(datasetPath, 'utf8'));
  } catch (error) {
    throw new Error(`address dataset ${datasetPath} cannot be read as JSON`, { cause: error });
  }
  const parsed = datasetSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`address dataset ${datasetPath} is invalid:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

function simulatedFailure(): AddressProviderError {
  return new AddressProviderError('embedded', 'unavailable', 'simulated failure in the dataset');
}

function toListItem(address: DatasetAddress): AddressListItem {
  return {
    Type: 'Address',
    udprn: String(address.udprn),
    Address: joinParts([
      address.subBuilding,
      address.houseName,
      joinParts([address.houseNumber, address.street], ' '),
      address.locality,
      address.town,
      address.postcode,
    ]),
  };
}

function toDetail(address: DatasetAddress): AddressDetail {
  return {
    subBuilding: blankToNull(address.subBuilding),
    houseName: blankToNull(address.houseName),
    houseNumber: blankToNull(address.houseNumber),
    street: blankToNull(address.street),
    locality: blankToNull(address.locality),
    town: blankToNull(address.town),
    county: blankToNull(address.county),
    postcode: address.postcode,
  };
}
