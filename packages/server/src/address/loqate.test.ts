import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLoqateProvider } from './loqate.js';
import { AddressProviderError } from './types.js';

type Handler = (url: URL, response: ServerResponse) => void;

let server: Server | undefined;
const requests: URL[] = [];

async function startLoqate(handler: Handler): Promise<string> {
  requests.length = 0;
  server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://loqate.test');
    requests.push(url);
    handler(url, response);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

function json(response: ServerResponse, body: unknown, status = 200): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

const FIND = '/Capture/Interactive/Find/v1.10/json3.ws';
const RETRIEVE = '/Capture/Interactive/Retrieve/v1.20/json3.ws';

// Shapes as documented for Capture Interactive Find v1.10 and Retrieve v1.20 (json3.ws).
const postcodeContainer = {
  Id: 'GB|RM|ENG|6AN-E1',
  Type: 'Postcode',
  Text: 'E1 6AN',
  Highlight: '0-6',
  Description: 'Commercial Street, London - 3 Addresses',
};
const addressItems = [
  {
    Id: 'GB|RM|A|52461723',
    Type: 'Address',
    Text: 'Flat 1, Fournier House, 12 Commercial Street',
    Highlight: '',
    Description: 'London, E1 6AN',
  },
  {
    Id: 'GB|RM|A|52461724',
    Type: 'Address',
    Text: '14 Commercial Street',
    Highlight: '',
    Description: 'London, E1 6AN',
  },
];
const retrieveItem = {
  Id: 'GB|RM|A|52461723',
  DomesticId: '52461723',
  Language: 'ENG',
  LanguageAlternatives: 'ENG',
  Department: '',
  Company: '',
  SubBuilding: 'Flat 1',
  BuildingNumber: '12',
  BuildingName: 'Fournier House',
  SecondaryStreet: '',
  Street: 'Commercial Street',
  Block: '',
  Neighbourhood: '',
  District: 'Spitalfields',
  City: 'London',
  Line1: 'Flat 1',
  Line2: 'Fournier House',
  Line3: '12 Commercial Street',
  Line4: 'Spitalfields',
  Line5: '',
  AdminAreaName: 'Tower Hamlets',
  AdminAreaCode: '',
  Province: '',
  ProvinceName: '',
  ProvinceCode: '',
  PostalCode: 'E1 6AN',
  CountryName: 'United Kingdom',
  CountryIso2: 'GB',
  CountryIso3: 'GBR',
  CountryIsoNumber: 826,
  SortingNumber1: '',
  SortingNumber2: '',
  Barcode: '(E16AN1A)',
  POBoxNumber: '',
  Label:
    'Flat 1\nFournier House\n12 Commercial Street\nSpitalfields\nLONDON\nE1 6AN\nUNITED KINGDOM',
  Type: 'Residential',
  DataLevel: 'Premise',
};
const unknownKey = {
  Items: [
    {
      Error: '2',
      Description: 'Unknown key',
      Cause: 'The key you are using to access the service was not found.',
      Resolution:
        'Please check that the key is correct. It should be in the form AA11-AA11-AA11-AA11.',
    },
  ],
};

function provider(baseUrl: string, timeoutMs?: number) {
  return createLoqateProvider({ apiKey: 'AA11-AA11-AA11-AA11', baseUrl, timeoutMs });
}

describe('Loqate: lookupByPostcode', () => {
  it('opens the postcode container and lists its addresses', async () => {
    const base = await startLoqate((url, response) => {
      const container = url.searchParams.get('Container');
      json(response, {
        Items: container === postcodeContainer.Id ? addressItems : [postcodeContainer],
      });
    });
    expect(await provider(base).lookupByPostcode('E1 6AN')).toEqual([
      {
        Type: 'Address',
        udprn: 'GB|RM|A|52461723',
        Address: 'Flat 1, Fournier House, 12 Commercial Street, London, E1 6AN',
      },
      {
        Type: 'Address',
        udprn: 'GB|RM|A|52461724',
        Address: '14 Commercial Street, London, E1 6AN',
      },
    ]);
    expect(requests.map((url) => url.pathname)).toEqual([FIND, FIND]);
    const [first, second] = requests;
    expect(Object.fromEntries(first!.searchParams)).toEqual({
      Key: 'AA11-AA11-AA11-AA11',
      Text: 'E1 6AN',
      Container: '',
      Countries: 'GB',
      IsMiddleware: 'true',
      Limit: '100',
      Language: 'en-gb',
    });
    expect(second!.searchParams.get('Container')).toBe(postcodeContainer.Id);
  });

  it('opens a building container inside the postcode', async () => {
    const building = {
      Id: 'GB|RM|ENG|6AN-E1-FOURNIER',
      Type: 'BuildingName',
      Text: 'Fournier House',
      Highlight: '',
      Description: '12 Commercial Street - 2 Addresses',
    };
    const base = await startLoqate((url, response) => {
      const container = url.searchParams.get('Container');
      if (container === '') json(response, { Items: [postcodeContainer] });
      else if (container === postcodeContainer.Id)
        json(response, { Items: [building, addressItems[1]] });
      else json(response, { Items: [addressItems[0]] });
    });
    const items = await provider(base).lookupByPostcode('E1 6AN');
    expect(items.map((item) => item.udprn)).toEqual(['GB|RM|A|52461724', 'GB|RM|A|52461723']);
    expect(requests).toHaveLength(3);
  });

  it('takes addresses answered directly', async () => {
    const base = await startLoqate((_url, response) => json(response, { Items: addressItems }));
    expect(await provider(base).lookupByPostcode('E1 6AN')).toHaveLength(2);
    expect(requests).toHaveLength(1);
  });

  it('answers an empty list when nothing is found, or only other postcodes', async () => {
    const base = await startLoqate((url, response) => {
      json(response, {
        Items:
          url.searchParams.get('Text') === 'E1 6AN'
            ? []
            : [{ ...postcodeContainer, Id: 'GB|RM|ENG|6AP-E1', Text: 'E1 6AP' }],
      });
    });
    expect(await provider(base).lookupByPostcode('E1 6AN')).toEqual([]);
    expect(await provider(base).lookupByPostcode('E1 6AQ')).toEqual([]);
    expect(requests).toHaveLength(2);
  });

  it('turns an error item into a provider error', async () => {
    const base = await startLoqate((_url, response) => json(response, unknownKey));
    const failure = provider(base).lookupByPostcode('E1 6AN');
    await expect(failure).rejects.toBeInstanceOf(AddressProviderError);
    await expect(failure).rejects.toMatchObject({
      provider: 'loqate',
      failure: 'provider_error',
      message: 'error 2 Unknown key',
    });
  });

  it('fails on an error status', async () => {
    const base = await startLoqate((_url, response) => json(response, { Message: 'busy' }, 503));
    await expect(provider(base).lookupByPostcode('E1 6AN')).rejects.toMatchObject({
      failure: 'http_status',
      status: 503,
    });
  });

  it('fails on an HTML error page', async () => {
    const base = await startLoqate((_url, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html>Bad gateway</html>');
    });
    await expect(provider(base).lookupByPostcode('E1 6AN')).rejects.toMatchObject({
      failure: 'http_status',
      status: 502,
    });
  });

  it('fails on malformed JSON and on JSON without Items', async () => {
    let answer = '{"Items": [';
    const base = await startLoqate((_url, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(answer);
    });
    await expect(provider(base).lookupByPostcode('E1 6AN')).rejects.toMatchObject({
      failure: 'malformed_response',
    });
    answer = '{"items": []}';
    await expect(provider(base).lookupByPostcode('E1 6AN')).rejects.toMatchObject({
      failure: 'malformed_response',
    });
    answer = '{"Items": [{"Text": "no id"}]}';
    await expect(provider(base).lookupByPostcode('E1 6AN')).rejects.toMatchObject({
      failure: 'malformed_response',
    });
  });

  it('gives up after the timeout', async () => {
    const base = await startLoqate(() => undefined);
    const started = Date.now();
    await expect(provider(base, 200).lookupByPostcode('E1 6AN')).rejects.toMatchObject({
      failure: 'timeout',
      message: 'no answer within 200 ms',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('Loqate: getAddressById', () => {
  it('maps Retrieve fields onto the form fields', async () => {
    const base = await startLoqate((_url, response) => json(response, { Items: [retrieveItem] }));
    expect(await provider(base).getAddressById('GB|RM|A|52461723')).toEqual({
      subBuilding: 'Flat 1',
      houseName: 'Fournier House',
      houseNumber: '12',
      street: 'Commercial Street',
      locality: 'Spitalfields',
      town: 'London',
      county: null,
      postcode: 'E1 6AN',
    });
    expect(requests[0]!.pathname).toBe(RETRIEVE);
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({
      Key: 'AA11-AA11-AA11-AA11',
      Id: 'GB|RM|A|52461723',
    });
  });

  it('joins secondary street and neighbourhood, and reads the county from Province', async () => {
    const base = await startLoqate((_url, response) =>
      json(response, {
        Items: [
          {
            ...retrieveItem,
            SecondaryStreet: 'Mill Lane',
            Neighbourhood: 'Lower Green',
            District: 'Burnham Market',
            Province: 'Norfolk',
            PostalCode: 'pe318aa',
          },
        ],
      }),
    );
    expect(await provider(base).getAddressById('GB|RM|A|1')).toMatchObject({
      street: 'Mill Lane, Commercial Street',
      locality: 'Lower Green, Burnham Market',
      county: 'Norfolk',
      postcode: 'PE31 8AA',
    });
  });

  it('answers null when nothing is retrieved', async () => {
    const base = await startLoqate((_url, response) => json(response, { Items: [] }));
    expect(await provider(base).getAddressById('GB|RM|A|1')).toBeNull();
  });

  it('fails on an error item, an error status, a broken answer and a timeout', async () => {
    let mode = 'error';
    const base = await startLoqate((_url, response) => {
      if (mode === 'error') json(response, unknownKey);
      else if (mode === 'status') json(response, {}, 500);
      else if (mode === 'postcode')
        json(response, { Items: [{ ...retrieveItem, PostalCode: '' }] });
      else if (mode === 'malformed') response.end('not json');
    });
    const loqate = provider(base, 200);
    await expect(loqate.getAddressById('X1')).rejects.toMatchObject({ failure: 'provider_error' });
    mode = 'status';
    await expect(loqate.getAddressById('X1')).rejects.toMatchObject({ failure: 'http_status' });
    mode = 'postcode';
    await expect(loqate.getAddressById('X1')).rejects.toMatchObject({
      failure: 'malformed_response',
    });
    mode = 'malformed';
    await expect(loqate.getAddressById('X1')).rejects.toMatchObject({
      failure: 'malformed_response',
    });
    mode = 'silent';
    await expect(loqate.getAddressById('X1')).rejects.toMatchObject({ failure: 'timeout' });
  });
});
