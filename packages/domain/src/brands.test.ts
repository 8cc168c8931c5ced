import { describe, expect, it } from 'vitest';
import {
  BRANDS,
  BRAND_LIST,
  MODAL_APPLY_KEY,
  brandForHost,
  firstHostLabel,
  isModalApplyHost,
  normaliseHost,
  outcomeUrls,
  type Brand,
} from './brands.js';
import { reviewBadge } from './reviews.js';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

describe('BRANDS', () => {
  it('has the four profiles with distinct affiliate keys', () => {
    expect(Object.keys(BRANDS)).toEqual(['default', 'progressive', 'scoreright', 'bureauplus']);
    for (const [key, brand] of Object.entries(BRANDS)) {
      expect(brand.affiliateKey).toBe(key);
    }
    expect(new Set(BRAND_LIST.map((b) => b.name)).size).toBe(4);
  });

  it.each(BRAND_LIST)('$affiliateKey has well-formed fields', (brand) => {
    expect(brand.colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(brand.gtmKey).toMatch(/^GTM-[A-Z0-9]{7}$/);
    expect(brand.logoName).toBe(`${brand.affiliateKey}.svg`);
    expect(brand.privacyPolicyUrl).toBe('/privacy-policy');
    expect(brand.termsAndConditionsUrl).toBe('/terms-and-conditions');
    expect(brand.thankYouPageUrl).toBe('/complete');
    expect(brand.repApr).toContain('Representative');
    expect(brand.repApr).toContain('18.4%');
  });

  it.each(BRAND_LIST)('$affiliateKey colour has at least 4.5:1 contrast with white', (brand) => {
    expect(contrastWithWhite(brand.colour)).toBeGreaterThanOrEqual(4.5);
  });

  it('the contrast check itself rejects a pale colour', () => {
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1);
    expect(contrastWithWhite('#000000')).toBeCloseTo(21);
    expect(contrastWithWhite('#4a90e2')).toBeLessThan(4.5);
  });

  it('default and progressive carry the full representative example of docs/product.md §1', () => {
    const text =
      'Representative example: borrowing £7,500 over 48 months at a representative APR of 18.4% gives £216.45 a month, total cost of credit £2,889.60 and total payable £10,389.60.';
    expect(BRANDS.default.repApr).toBe(text);
    expect(BRANDS.progressive.repApr).toBe(text);
    expect(BRANDS.scoreright.repApr).toBe('Representative 18.4% APR');
    expect(BRANDS.bureauplus.repApr).toBe('Representative 18.4% APR');
  });

  it('only the default brand has outcome pages and asks the deposit questions', () => {
    expect(BRANDS.default).toMatchObject({
      declinePageUrl: '/declined',
      errorPageUrl: '/error',
      duplicatePageUrl: '/duplicate',
      askDepositAndLookingToPurchaseQuestions: true,
    });
    for (const brand of [BRANDS.progressive, BRANDS.scoreright, BRANDS.bureauplus]) {
      expect(brand.declinePageUrl).toBeUndefined();
      expect(brand.errorPageUrl).toBeUndefined();
      expect(brand.duplicatePageUrl).toBeUndefined();
      expect(brand.askDepositAndLookingToPurchaseQuestions).toBeUndefined();
    }
  });
});

describe('brandForHost (docs/design.md D3)', () => {
  it.each([
    ['scoreright.example.co.uk', 'scoreright'],
    ['bureauplus.example.co.uk', 'bureauplus'],
    ['progressive.example.co.uk', 'progressive'],
    ['default.example.co.uk', 'default'],
    ['apply.progressive-finance.co.uk', 'progressive'],
    ['myprogressiveloans.com', 'progressive'],
    ['SCORERIGHT.Example.CO.UK', 'scoreright'],
    ['scoreright.example.co.uk:8443', 'scoreright'],
    ['scoreright.', 'scoreright'],
    ['scoreright', 'scoreright'],
    ['www.example.co.uk', 'default'],
    ['localhost:5173', 'default'],
    ['127.0.0.1:3000', 'default'],
    ['[::1]:3000', 'default'],
    ['', 'default'],
  ])('%s gives %s', (host, key) => {
    expect(brandForHost(host).affiliateKey).toBe(key);
  });

  it('a partner key only counts as the first label', () => {
    expect(brandForHost('www.scoreright.co.uk').affiliateKey).toBe('default');
    expect(brandForHost('scorerightnow.example.com').affiliateKey).toBe('default');
  });

  it('a partner key as first label wins over progressive elsewhere in the host', () => {
    expect(brandForHost('bureauplus.progressive.co.uk').affiliateKey).toBe('bureauplus');
  });
});

describe('host normalisation', () => {
  it.each([
    ['Apply.Example.com:8080', 'apply.example.com'],
    ['  apply.example.com.  ', 'apply.example.com'],
    ['[::1]:3000', '::1'],
    ['[::1', '::1'],
    ['::1', '::1'],
    ['192.168.0.1:80', '192.168.0.1'],
  ])('%s → %s', (host, expected) => {
    expect(normaliseHost(host)).toBe(expected);
  });

  it('firstHostLabel takes the first label', () => {
    expect(firstHostLabel('Quote.Example.com:443')).toBe('quote');
    expect(firstHostLabel('')).toBe('');
  });
});

describe('outcomeUrls', () => {
  it('gives the default brand its own pages', () => {
    expect(outcomeUrls(BRANDS.default)).toEqual({
      thankYou: '/complete',
      decline: '/declined',
      error: '/error',
      duplicate: '/duplicate',
    });
  });

  it.each([BRANDS.progressive, BRANDS.scoreright, BRANDS.bureauplus])(
    '$affiliateKey falls back to the default brand pages',
    (brand) => {
      expect(outcomeUrls(brand)).toEqual({
        thankYou: brand.thankYouPageUrl,
        decline: '/declined',
        error: '/error',
        duplicate: '/duplicate',
      });
    },
  );

  it('a brand with its own outcome pages uses them', () => {
    const brand = {
      ...BRANDS.scoreright,
      thankYouPageUrl: 'https://partner.example/thanks',
      declinePageUrl: 'https://partner.example/sorry',
      errorPageUrl: 'https://partner.example/oops',
      duplicatePageUrl: 'https://partner.example/again',
    };
    expect(outcomeUrls(brand)).toEqual({
      thankYou: 'https://partner.example/thanks',
      decline: 'https://partner.example/sorry',
      error: 'https://partner.example/oops',
      duplicate: 'https://partner.example/again',
    });
  });
});

describe('modal apply host', () => {
  it("is docs/product.md §1's modal-apply label by default", () => {
    expect(MODAL_APPLY_KEY).toBe('modal-apply');
  });

  it.each([
    ['modal-apply.example.co.uk', true],
    ['MODAL-APPLY.example.co.uk:3000', true],
    ['modal-apply', true],
    ['modal-apply.progressive-finance.co.uk', true],
    ['www.modal-apply.example.co.uk', false],
    ['modal-apply-2.example.co.uk', false],
    ['quote.example.co.uk', false],
    ['apply.example.co.uk', false],
    ['', false],
  ])('%s → %s', (host, expected) => {
    expect(isModalApplyHost(host)).toBe(expected);
  });

  it("follows the host's brand when its configuration names another label", () => {
    const progressive = BRANDS.progressive as { modalApplyHostLabel?: string };
    const before = progressive.modalApplyHostLabel;
    progressive.modalApplyHostLabel = 'quote';
    try {
      expect(isModalApplyHost('quote.progressive-finance.co.uk')).toBe(true);
      expect(isModalApplyHost('modal-apply.progressive-finance.co.uk')).toBe(false);
      // Other brands keep the default.
      expect(isModalApplyHost('quote.example.co.uk')).toBe(false);
      expect(isModalApplyHost('modal-apply.example.co.uk')).toBe(true);
    } finally {
      progressive.modalApplyHostLabel = before;
    }
  });
});

describe('reviewBadge: no rating without its evidence', () => {
  const SITE = { name: 'Trustpilot', url: 'https://uk.trustpilot.com/review/example.co.uk' };
  const RATING = {
    score: 4.7,
    reviewCount: 1234,
    asOf: '2026-11-01',
    url: 'https://uk.trustpilot.com/review/example.co.uk',
  };
  const brandWith = (reviews: Brand['reviews']): Brand => ({ ...BRANDS.default, reviews });

  it('ships no badge: no brand names a review page of its own', () => {
    for (const brand of BRAND_LIST) expect(reviewBadge(brand)).toBeNull();
  });

  it("links to the brand's own page on the review site", () => {
    expect(reviewBadge(brandWith({ site: SITE }))).toEqual({ kind: 'site', site: SITE });
  });

  it('shows a rating that names the score, the number of reviews, the date and a link', () => {
    expect(reviewBadge(brandWith({ site: SITE, rating: RATING }))).toEqual({
      kind: 'rating',
      site: SITE,
      ...RATING,
    });
  });

  it.each([
    ['no score', { ...RATING, score: Number.NaN }],
    ['a score above 5', { ...RATING, score: 5.5 }],
    ['a score of 0', { ...RATING, score: 0 }],
    ['no reviews counted', { ...RATING, reviewCount: 0 }],
    ['a count that is not whole', { ...RATING, reviewCount: 12.5 }],
    ['no date', { ...RATING, asOf: '' }],
    ['a date that is not a day', { ...RATING, asOf: '2026-02-30' }],
    ['no link', { ...RATING, url: '' }],
    ['a link that is not https', { ...RATING, url: 'javascript:alert(1)' }],
  ])('falls back to the site alone with %s', (_what, rating) => {
    expect(reviewBadge(brandWith({ site: SITE, rating }))).toEqual({ kind: 'site', site: SITE });
  });

  it('shows no badge for a brand that configures no review page', () => {
    expect(reviewBadge(brandWith(undefined))).toBeNull();
  });

  it.each([
    ['the site home page', 'https://uk.trustpilot.com/'],
    ['the site home page without its slash', 'https://uk.trustpilot.com'],
    ['a link that is not https', 'http://uk.trustpilot.com/review/example.co.uk'],
    ['no link', ''],
  ])('shows no badge for %s', (_what, url) => {
    expect(reviewBadge(brandWith({ site: { name: 'Trustpilot', url } }))).toBeNull();
  });

  it('shows no badge for a site without a name', () => {
    expect(reviewBadge(brandWith({ site: { name: ' ', url: SITE.url } }))).toBeNull();
  });
});
