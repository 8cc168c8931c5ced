import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLE_DATASET_PATH, createEmbeddedProvider } from './embedded.js';
import { addressDetailSchema, addressLookupItemSchema } from '@broker/domain';
import { AddressProviderError } from './types.js';

interface SampleAddress {
  udprn: number;
  postcode: string;
  subBuilding?: string;
  houseName?: string;
  houseNumber?: string;
}
const sample = JSON.parse(readFileSync(SAMPLE_DATASET_PATH, 'utf8')) as {
  sampleData: boolean;
  notice: string;
  simulatedFailures: { postcodes: string[]; addressIds: string[] };
  addresses: SampleAddress[];
};

// Postcode areas by nation (Royal Mail); the sample must exercise each of the four.
const NATION_AREAS = {
  england: ['E', 'M', 'B', 'LS', 'BS', 'NE', 'YO', 'OX', 'TR', 'LA', 'PE'],
  scotland: ['EH', 'G', 'AB', 'IV', 'KW'],
  wales: ['CF', 'SA', 'LL', 'SY'],
  northernIreland: ['BT'],
};

function areaOf(postcode: string): string {
  return /^[A-Z]+/.exec(postcode)?.[0] ?? '';
}

function writeDataset(content: unknown): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'dataset-')), 'addresses.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('the shipped sample dataset', () => {
  const postcodes = [...new Set(sample.addresses.map((address) => address.postcode))].filter(
    (postcode) => !postcode.startsWith('ZZ'),
  );

  it('is marked as sample data', () => {
    expect(sample.sampleData).toBe(true);
    expect(sample.notice).toMatch(/^SAMPLE DATA/);
    expect(sample.notice).toContain('fictional');
  });

  it('covers at least 20 postcodes in all four nations, several addresses each', () => {
    expect(postcodes.length).toBeGreaterThanOrEqual(20);
    for (const areas of Object.values(NATION_AREAS)) {
      expect(
        postcodes.filter((postcode) => areas.includes(areaOf(postcode))).length,
      ).toBeGreaterThanOrEqual(3);
    }
    for (const postcode of postcodes) {
      const count = sample.addresses.filter((address) => address.postcode === postcode).length;
      expect(count, postcode).toBeGreaterThanOrEqual(3);
    }
  });

  it('has flats in named buildings and houses known only by name', () => {
    expect(sample.addresses.some((a) => a.subBuilding && a.houseName && a.houseNumber)).toBe(true);
    expect(sample.addresses.some((a) => a.houseName && !a.houseNumber && !a.subBuilding)).toBe(
      true,
    );
  });

  it('answers every address of every postcode in the shapes the browser reads', async () => {
    const provider = createEmbeddedProvider();
    for (const postcode of postcodes) {
      const items = await provider.lookupByPostcode(postcode);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        addressLookupItemSchema.parse(item);
        const detail = await provider.getAddressById(item.udprn);
        expect(addressDetailSchema.parse(detail).postcode).toBe(postcode);
      }
    }
  });
});

describe('createEmbeddedProvider', () => {
  it('joins a flat, its building, number and street into one line', async () => {
    const items = await createEmbeddedProvider().lookupByPostcode('EH1 1YZ');
    expect(items.map((item) => item.Address)).toEqual([
      'Flat 1F1, 201 High Street, Edinburgh, EH1 1YZ',
      'Flat 1F2, 201 High Street, Edinburgh, EH1 1YZ',
      'Flat 2F1, 201 High Street, Edinburgh, EH1 1YZ',
      '203 High Street, Edinburgh, EH1 1YZ',
    ]);
  });

  it('fills a named house with its locality', async () => {
    const provider = createEmbeddedProvider();
    const items = await provider.lookupByPostcode('LA22 9LR');
    expect(items[0]).toEqual({
      Type: 'Address',
      udprn: expect.any(String) as string,
      Address: 'Fellside Cottage, Rydal Road, Rydal, Ambleside, LA22 9LR',
    });
    expect(await provider.getAddressById(items[0]!.udprn)).toEqual({
      subBuilding: null,
      houseName: 'Fellside Cottage',
      houseNumber: null,
      street: 'Rydal Road',
      locality: 'Rydal',
      town: 'Ambleside',
      county: 'Cumbria',
      postcode: 'LA22 9LR',
    });
  });

  it('keeps Welsh characters', async () => {
    const items = await createEmbeddedProvider().lookupByPostcode('LL55 1AA');
    expect(items.map((item) => item.Address)).toContain(
      'Tŷ Gwyn, Stryd Fawr, Caernarfon, LL55 1AA',
    );
  });

  it('answers nothing for an unknown postcode or id', async () => {
    const provider = createEmbeddedProvider();
    expect(await provider.lookupByPostcode('SW1A 2AA')).toEqual([]);
    expect(await provider.getAddressById('1')).toBeNull();
  });

  it('fails on the documented postcode and id, for testing the failure path', async () => {
    const provider = createEmbeddedProvider();
    expect(sample.simulatedFailures).toEqual({ postcodes: ['ZZ99 9ZZ'], addressIds: ['90000081'] });
    await expect(provider.lookupByPostcode('ZZ99 9ZZ')).rejects.toBeInstanceOf(
      AddressProviderError,
    );
    const retrievable = await provider.lookupByPostcode('ZZ99 9ZY');
    expect(retrievable.map((item) => item.udprn)).toEqual(['90000081', '90000082']);
    await expect(provider.getAddressById('90000081')).rejects.toMatchObject({
      failure: 'unavailable',
    });
    expect(await provider.getAddressById('90000082')).not.toBeNull();
  });

  it('reads a dataset file of the documented format', async () => {
    const file = writeDataset({
      format: 'broker-address-dataset/1',
      sampleData: false,
      addresses: [
        { udprn: 12, postcode: 'bt15gs', houseNumber: '1', street: 'A Street', town: 'Belfast' },
        { udprn: 13, postcode: 'BT1 5GS', houseName: 'Two', street: 'A Street', town: 'Belfast' },
      ],
    });
    const provider = createEmbeddedProvider({ datasetPath: file });
    expect(await provider.lookupByPostcode('BT1 5GS')).toEqual([
      { Type: 'Address', udprn: '12', Address: '1 A Street, Belfast, BT1 5GS' },
      { Type: 'Address', udprn: '13', Address: 'Two, A Street, Belfast, BT1 5GS' },
    ]);
  });

  it.each([
    ['not JSON', '{', /cannot be read as JSON/],
    ['a wrong format tag', { format: 'v0', sampleData: true, addresses: [] }, /format/],
    [
      'an unknown field',
      {
        format: 'broker-address-dataset/1',
        sampleData: true,
        addresses: [{ udprn: 1, postcode: 'CF10 1AA', town: 'Cardiff', flat: '1' }],
      },
      /addresses\.0/,
    ],
    [
      'an invalid postcode',
      {
        format: 'broker-address-dataset/1',
        sampleData: true,
        addresses: [{ udprn: 1, postcode: 'CF10', town: 'Cardiff' }],
      },
      /udprn 1 has an invalid postcode/,
    ],
    [
      'a repeated udprn',
      {
        format: 'broker-address-dataset/1',
        sampleData: true,
        addresses: [
          { udprn: 1, postcode: 'CF10 1AA', town: 'Cardiff' },
          { udprn: 1, postcode: 'CF10 1AB', town: 'Cardiff' },
        ],
      },
      /udprn 1 appears twice/,
    ],
  ])('refuses a dataset with %s', (_label, content, message) => {
    const file = writeDataset(content);
    expect(() => createEmbeddedProvider({ datasetPath: file })).toThrow(message);
  });

  it('refuses a missing dataset file', () => {
    expect(() => createEmbeddedProvider({ datasetPath: '/nonexistent/addresses.json' })).toThrow(
      /cannot be read/,
    );
  });
});
