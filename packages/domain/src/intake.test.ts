import { describe, expect, it } from 'vitest';
import {
  cleanText,
  intake,
  parseCookies,
  parseQuery,
  referrerHost,
  subdomainOf,
  type IntakeInput,
} from './intake.js';
import { createInitialState, type ApplicationState } from './journey/index.js';

const GUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const OTHER_GUID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const NOW = new Date('2026-11-21T09:30:00.000Z');

function input(overrides: Partial<IntakeInput> = {}): IntakeInput {
  return {
    host: 'apply.example.co.uk',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    referrer: '',
    now: NOW,
    guid: GUID,
    query: '',
    cookies: '',
    ...overrides,
  };
}

function fromQuery(query: string, previous: ApplicationState | null = null): ApplicationState {
  return intake(previous, input({ query }));
}

describe('intake: the environment', () => {
  it('fills host, brand, vehicle type, browser, dates and keys on a fresh start', () => {
    const state = intake(
      null,
      input({
        host: 'Caravan.Example.co.uk:8443',
        referrer: 'https://www.google.co.uk/search?q=caravan+finance',
      }),
    );
    expect(state.host).toBe('caravan.example.co.uk:8443');
    expect(state.form.hostAddress).toBe('caravan.example.co.uk:8443');
    expect(state.subdomain).toBe('caravan');
    expect(state.form.urlPrefix).toBe('caravan');
    expect(state.affiliateConfig).toBe('default');
    expect(state.form.vehicleType).toBe('Caravan');
    expect(state.form.userAgent).toBe('Mozilla/5.0 (X11; Linux x86_64)');
    expect(state.referrer).toBe('www.google.co.uk');
    expect(state.appliedDate).toBe('2026-11-21T09:30:00.000Z');
    expect(state.form.applicationStartDate).toBe('2026-11-21T09:30:00.000Z');
    expect(state.GUID).toBe(GUID);
    expect(state.applicationKey).toBe(GUID);
    expect(state.form.sessionId).toBe(GUID);
  });

  it('otherwise keeps the SPEC defaults', () => {
    const state = intake(null, input());
    const expected = createInitialState();
    expect(state.form.loanAmount).toBe(10000);
    expect(state.form.term).toBe(3);
    expect(state.form.financeType).toBe('Secured');
    expect(state.form.submittedBy).toBe('em-apply-form');
    expect(state.isSpecifiedAmountToFinance).toBe(false);
    expect(state.form.utmParameters).toEqual(expected.form.utmParameters);
    expect(state.form.vehicle).toEqual(expected.form.vehicle);
    expect(state.variant).toBeNull();
    expect(state.referrer).toBeNull();
  });

  it('selects the brand and vehicle type from the host', () => {
    expect(intake(null, input({ host: 'scoreright.example.com' })).affiliateConfig).toBe(
      'scoreright',
    );
    expect(intake(null, input({ host: 'progressive-vans.co.uk' }))).toMatchObject({
      affiliateConfig: 'progressive',
      form: { vehicleType: 'Van' },
    });
  });

  it('has no subdomain on localhost or an IP address', () => {
    const state = intake(null, input({ host: 'localhost:5173' }));
    expect(state.subdomain).toBeNull();
    expect(state.form.urlPrefix).toBeNull();
    expect(state.host).toBe('localhost:5173');
    expect(state.affiliateConfig).toBe('default');
  });

  it('copes with a blank host and user agent', () => {
    const state = intake(null, input({ host: '  ', userAgent: '' }));
    expect(state.host).toBeNull();
    expect(state.subdomain).toBeNull();
    expect(state.affiliateConfig).toBe('default');
    expect(state.form.vehicleType).toBe('Car');
    expect(state.form.userAgent).toBeNull();
  });

  it('keeps a long user agent up to 512 characters, without control characters', () => {
    const state = intake(null, input({ userAgent: `UA\u0000${'x'.repeat(600)}` }));
    expect(state.form.userAgent).toBe(`UA${'x'.repeat(510)}`);
  });
});

describe('subdomainOf', () => {
  it.each([
    ['apply.example.co.uk', 'apply'],
    ['Quote.Example.com:3000', 'quote'],
    ['example.com', 'example'],
    ['localhost', null],
    ['localhost:5173', null],
    ['127.0.0.1', null],
    ['10.0.0.7:8080', null],
    ['[::1]:3000', null],
    ['[2001:db8::1]', null],
    ['', null],
    ['.example.com', null],
  ])('%s → %s', (host, expected) => {
    expect(subdomainOf(host)).toBe(expected);
  });
});

describe('referrerHost', () => {
  it.each([
    ['https://www.google.co.uk/search?q=x', 'www.google.co.uk'],
    ['http://Partner.Example.com:8080/page', 'partner.example.com'],
    ['https://user:pw@evil.example.com/', 'evil.example.com'],
    ['https://dealer.example.com?x=1', 'dealer.example.com'],
    ['https://dealer.example.com#top', 'dealer.example.com'],
    ['https://[::1]:3000/', '::1'],
    ['android-app://com.google.android.gm/', 'com.google.android.gm'],
    ['', null],
    ['not a url', null],
    ['/relative/path', null],
    ['javascript:alert(1)', null],
    ['https://', null],
    ['https://exa mple.com/', null],
    ['https://ex%41mple.com/', null],
    [`https://${'a'.repeat(254)}/`, null],
  ])('%s → %s', (referrer, expected) => {
    expect(referrerHost(referrer)).toBe(expected);
  });
});

describe('intake: a restored state', () => {
  function answered(): ApplicationState {
    const state = intake(null, input({ now: new Date('2026-11-20T08:00:00.000Z') }));
    state.form.firstName = 'Ada';
    state.form.loanAmount = 15000;
    state.form.addresses[0]!.postcode = 'SW1A 1AA';
    state.form.utmParameters.source = 'newsletter';
    state.variant = 'CDJ-MVP';
    state.form.affiliateUserId = 'D100';
    return state;
  }

  it('keeps the answers, the submission key and the start date', () => {
    const state = intake(answered(), input({ guid: OTHER_GUID }));
    expect(state.form.firstName).toBe('Ada');
    expect(state.form.loanAmount).toBe(15000);
    expect(state.form.addresses[0]!.postcode).toBe('SW1A 1AA');
    expect(state.form.utmParameters.source).toBe('newsletter');
    expect(state.variant).toBe('CDJ-MVP');
    expect(state.form.affiliateUserId).toBe('D100');
    expect(state.GUID).toBe(GUID);
    expect(state.applicationKey).toBe(GUID);
    expect(state.form.sessionId).toBe(GUID);
    expect(state.form.applicationStartDate).toBe('2026-11-20T08:00:00.000Z');
    expect(state.appliedDate).toBe('2026-11-21T09:30:00.000Z');
  });

  it('does not change the previous state object', () => {
    const previous = answered();
    const before = JSON.stringify(previous);
    const state = intake(previous, input({ query: '?loan-amount=9000&utm_source=ppc' }));
    expect(JSON.stringify(previous)).toBe(before);
    expect(state).not.toBe(previous);
    expect(state.form).not.toBe(previous.form);
  });

  it('takes a new key when the stored one is not a GUID', () => {
    const previous = answered();
    previous.GUID = 'attacker-chosen';
    previous.applicationKey = 'attacker-chosen';
    previous.form.sessionId = 'attacker-chosen';
    const state = intake(previous, input({ guid: OTHER_GUID }));
    expect(state.GUID).toBe(OTHER_GUID);
    expect(state.applicationKey).toBe(OTHER_GUID);
    expect(state.form.sessionId).toBe(OTHER_GUID);
  });

  it('recomputes host, brand and vehicle type from the current host', () => {
    const previous = intake(null, input({ host: 'van.example.co.uk' }));
    const state = intake(previous, input({ host: 'bureauplus.example.co.uk' }));
    expect(state.host).toBe('bureauplus.example.co.uk');
    expect(state.affiliateConfig).toBe('bureauplus');
    expect(state.form.vehicleType).toBe('Car');
  });

  it('lets the query win over saved answers', () => {
    const state = intake(
      answered(),
      input({ query: '?loan-amount=7500&variant=B&dealerNumber=D200&utm_source=ppc' }),
    );
    expect(state.form.loanAmount).toBe(7500);
    expect(state.isSpecifiedAmountToFinance).toBe(true);
    expect(state.variant).toBe('B');
    expect(state.form.affiliateUserId).toBe('D200');
    expect(state.partnerSetup.affiliateUserId).toBe('D200');
    expect(state.form.utmParameters.source).toBe('ppc');
  });
});

describe('intake: query parameters (docs/product.md §7)', () => {
  it('variant', () => {
    expect(fromQuery('?variant=CDJ-MVP').variant).toBe('CDJ-MVP');
  });

  it('dealerNumber sets the affiliate user id in both places', () => {
    const state = fromQuery('?dealerNumber=DLR-0042');
    expect(state.form.affiliateUserId).toBe('DLR-0042');
    expect(state.partnerSetup.affiliateUserId).toBe('DLR-0042');
  });

  it('appid and vehicleid', () => {
    const state = fromQuery('?appid=A-123&vehicleid=V-456');
    expect(state.applicationId).toBe('A-123');
    expect(state.vehicleId).toBe('V-456');
  });

  it('every utm parameter', () => {
    const state = fromQuery(
      '?utm_source=google&utm_medium=cpc&utm_term=car+loan&utm_content=ad1' +
        '&utm_campaign=winter&utm_keyword=finance&utm_type=search',
    );
    expect(state.form.utmParameters).toEqual({
      source: 'google',
      medium: 'cpc',
      term: 'car loan',
      content: 'ad1',
      campaign: 'winter',
      keyword: 'finance',
      type: 'search',
    });
  });

  it('evsrc, evcmp, evrfd and sid are kept for attribution', () => {
    const state = fromQuery('?evsrc=partner&evcmp=spring&evrfd=ref-9&sid=sub-77');
    expect(state.form.utmParameters).toMatchObject({
      evsrc: 'partner',
      evcmp: 'spring',
      evrfd: 'ref-9',
      sid: 'sub-77',
    });
  });

  it('sid never becomes the submission key', () => {
    const state = fromQuery(`?sid=${OTHER_GUID}`);
    expect(state.form.sessionId).toBe(GUID);
    expect(state.GUID).toBe(GUID);
    expect(state.applicationKey).toBe(GUID);
  });

  it('every vehicle parameter', () => {
    const state = fromQuery(
      '?vrm=AB12CDE&year=2019&make=Ford&model=Focus&price=12995&mileage=34000&fuel=Petrol' +
        '&transmission=Manual&colour=Blue&imageurl=https%3A%2F%2Fcdn.example.com%2Fcar.jpg',
    );
    expect(state.form.vehicle).toEqual({
      vrm: 'AB12CDE',
      year: '2019',
      make: 'Ford',
      model: 'Focus',
      price: 12995,
      mileage: 34000,
      fuel: 'Petrol',
      transmission: 'Manual',
      colour: 'Blue',
      imageUrl: 'https://cdn.example.com/car.jpg',
    });
  });

  it('parameter names are case-insensitive and the first of a repeated name wins', () => {
    const state = fromQuery('?DEALERNUMBER=D1&dealernumber=D2&Variant=X');
    expect(state.form.affiliateUserId).toBe('D1');
    expect(state.variant).toBe('X');
  });

  it('accepts a query without the leading question mark', () => {
    expect(fromQuery('variant=A').variant).toBe('A');
  });
});

describe('intake: loan-amount', () => {
  it.each([
    ['7500', 7500],
    ['7500.50', 7500.5],
    ['%C2%A37%2C500', 7500],
    ['£25,000', 25000],
    [' 12000 ', 12000],
  ])('%s gives %d and marks the amount as specified', (raw, amount) => {
    const state = fromQuery(`?loan-amount=${raw}`);
    expect(state.form.loanAmount).toBe(amount);
    expect(state.isSpecifiedAmountToFinance).toBe(true);
  });

  it.each(['0', '-500', 'abc', '', 'Infinity', 'NaN', '1e5', '0x10', '12.', '.5', '7 500x'])(
    '%j is ignored',
    (raw) => {
      const state = fromQuery(`?loan-amount=${raw}`);
      expect(state.form.loanAmount).toBe(10000);
      expect(state.isSpecifiedAmountToFinance).toBe(false);
    },
  );

  it('an invalid amount keeps the saved one', () => {
    const previous = fromQuery('?loan-amount=9000');
    const state = fromQuery('?loan-amount=lots', previous);
    expect(state.form.loanAmount).toBe(9000);
    expect(state.isSpecifiedAmountToFinance).toBe(true);
  });
});

describe('intake: vehicle numbers and image', () => {
  it('ignores a price that is not a positive number', () => {
    expect(fromQuery('?price=0').form.vehicle.price).toBeNull();
    expect(fromQuery('?price=free').form.vehicle.price).toBeNull();
    expect(fromQuery('?price=-1').form.vehicle.price).toBeNull();
    expect(fromQuery('?price=%C2%A39%2C995').form.vehicle.price).toBe(9995);
  });

  it('accepts a mileage of 0 and ignores one that is not a number', () => {
    expect(fromQuery('?mileage=0').form.vehicle.mileage).toBe(0);
    expect(fromQuery('?mileage=low').form.vehicle.mileage).toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '//cdn.example.com/car.jpg',
    'ftp://cdn.example.com/car.jpg',
    'https://',
  ])('refuses the image URL %s', (url) => {
    expect(fromQuery(`?imageurl=${encodeURIComponent(url)}`).form.vehicle.imageUrl).toBeNull();
  });

  it('keeps a long image URL whole, and refuses one over 2048 characters', () => {
    const long = `https://cdn.example.com/${'a'.repeat(2048 - 24)}`;
    expect(long).toHaveLength(2048);
    expect(fromQuery(`?imageurl=${long}`).form.vehicle.imageUrl).toBe(long);
    expect(fromQuery(`?imageurl=${long}b`).form.vehicle.imageUrl).toBeNull();
  });
});

describe('intake: UTM cookies', () => {
  const cookies =
    'utm_source=facebook; utm_medium=social; utm_term=van%20finance; utm_content="story"; ' +
    'utm_campaign=launch; utm_keyword=vans; utm_type=paid; evo2_source=partner-site; other=1';

  it('are read when the query has no utm_source', () => {
    const state = intake(null, input({ cookies }));
    expect(state.form.utmParameters).toEqual({
      source: 'facebook',
      medium: 'social',
      term: 'van finance',
      content: 'story',
      campaign: 'launch',
      keyword: 'vans',
      type: 'paid',
      evo_source: 'partner-site',
    });
  });

  it('are ignored, evo2_source too, when the query has a utm_source', () => {
    const state = intake(null, input({ cookies, query: '?utm_source=google' }));
    expect(state.form.utmParameters).toEqual({
      source: 'google',
      medium: null,
      term: null,
      content: null,
      campaign: null,
      keyword: null,
      type: null,
    });
  });

  it('give way to other utm query parameters', () => {
    const state = intake(null, input({ cookies, query: '?utm_medium=email' }));
    expect(state.form.utmParameters.source).toBe('facebook');
    expect(state.form.utmParameters.medium).toBe('email');
  });

  it('a blank utm_source in the query counts as none', () => {
    const state = intake(null, input({ cookies, query: '?utm_source=' }));
    expect(state.form.utmParameters.source).toBe('facebook');
  });

  it('leave saved values alone when absent', () => {
    const previous = intake(null, input({ cookies }));
    const state = intake(previous, input({ cookies: 'utm_medium=display' }));
    expect(state.form.utmParameters).toMatchObject({
      source: 'facebook',
      medium: 'display',
      evo_source: 'partner-site',
    });
  });

  it('are cleaned like query values', () => {
    const state = intake(
      null,
      input({ cookies: `utm_source=%E0%A4%A; utm_medium=${'m'.repeat(500)}; utm_term=%0D%0Ax` }),
    );
    expect(state.form.utmParameters.source).toBe('%E0%A4%A');
    expect(state.form.utmParameters.medium).toBe('m'.repeat(200));
    expect(state.form.utmParameters.term).toBe('x');
  });
});

describe('intake: hostile input', () => {
  it('never throws on malformed percent-encoding', () => {
    const query = '?variant=%&make=%zz&model=%E0%A4%A&colour=%C3%A9%E0%A4%A&%=x&vrm=%41%42';
    const state = fromQuery(query);
    expect(state.variant).toBe('%');
    expect(state.form.vehicle.make).toBe('%zz');
    expect(state.form.vehicle.model).toBe('%E0%A4%A');
    expect(state.form.vehicle.colour).toBe('%C3%A9%E0%A4%A');
    expect(state.form.vehicle.vrm).toBe('AB');
  });

  it('keeps the valid escapes around a malformed one', () => {
    expect(fromQuery('?make=Citro%C3%ABn%ZZ').form.vehicle.make).toBe('Citroën%ZZ');
  });

  it('trims, drops control and direction-override characters', () => {
    const state = fromQuery(
      '?variant=%20%20B%20%20&make=Fo%00rd%0A&model=%E2%80%AEsuc%E2%80%ACoF&dealerNumber=%09%0D',
    );
    expect(state.variant).toBe('B');
    expect(state.form.vehicle.make).toBe('Ford');
    expect(state.form.vehicle.model).toBe('sucoF');
    expect(state.form.affiliateUserId).toBeNull();
  });

  it('caps every value at 200 characters', () => {
    const state = fromQuery(`?utm_campaign=${'c'.repeat(5000)}&make=${'€'.repeat(300)}`);
    expect(state.form.utmParameters.campaign).toBe('c'.repeat(200));
    expect(state.form.vehicle.make).toBe('€'.repeat(200));
  });

  it('caps by character, never splitting an emoji', () => {
    const state = fromQuery(`?make=${encodeURIComponent('a' + '🚗'.repeat(250))}`);
    expect(Array.from(state.form.vehicle.make ?? '')).toHaveLength(200);
    expect(state.form.vehicle.make?.endsWith('🚗')).toBe(true);
  });

  it('ignores unknown parameters', () => {
    const plain = intake(null, input());
    const state = fromQuery('?foo=bar&isLocked=true&GUID=x&form.firstName=Eve&lockDown=true');
    expect(state).toEqual(plain);
  });

  it('cannot pollute prototypes', () => {
    const state = fromQuery('?__proto__=x&constructor=y&__proto__[polluted]=1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
    expect(state).toEqual(intake(null, input()));
  });

  it('survives a huge query string', () => {
    const query = `?${'x=1&'.repeat(50000)}variant=${'v'.repeat(100000)}`;
    expect(fromQuery(query).variant).toBe('v'.repeat(200));
  });
});

describe('parsers', () => {
  it('parseQuery decodes + as a space and keeps the first value', () => {
    expect([...parseQuery('?a=1+2&b&a=3&=x&C=%41')]).toEqual([
      ['a', '1 2'],
      ['b', ''],
      ['c', 'A'],
    ]);
  });

  it('parseCookies keeps + and handles quotes and spacing', () => {
    expect([...parseCookies(' a=1+2 ;b="quoted";c=x=y; ;A=dup')]).toEqual([
      ['a', '1+2'],
      ['b', 'quoted'],
      ['c', 'x=y'],
    ]);
  });

  it('cleanText gives null for blank text', () => {
    expect(cleanText('   ')).toBeNull();
    expect(cleanText('\u0000\u001f\u007f')).toBeNull();
    expect(cleanText(' ok ')).toBe('ok');
  });
});
