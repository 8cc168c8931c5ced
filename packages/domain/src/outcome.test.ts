import { describe, expect, it } from 'vitest';
import { BRANDS, type Brand } from './brands.js';
import {
  FEATURE_FLAGS,
  PORTAL_VARIANT,
  resolveOutcome,
  withQuery,
  type OutcomeContext,
} from './outcome.js';
import type { SubmissionResponse } from './schemas.js';

const portal = {
  thankYouUrl: 'https://portal.example.com/thank-you',
  welcomeBackUrl: 'https://portal.example.com/welcome-back?from=apply',
};

const defaultCtx: OutcomeContext = {
  brand: BRANDS.default,
  variant: null,
  redirectToCustomerPortal: true,
  portal,
};
const portalCtx: OutcomeContext = { ...defaultCtx, variant: PORTAL_VARIANT };

const approved: SubmissionResponse = {
  dealerNumber: 'D 1&2',
  duplicateRequest: false,
  declineReason: null,
  quoteValid: true,
  quoteProcessed: true,
  applicationId: 'APP/42',
};

describe('constants (docs/product.md §6)', () => {
  it('has both feature flags on and the portal variant CDJ-MVP', () => {
    expect(FEATURE_FLAGS).toEqual({ PCAPostCodeLookup: true, RedirectToCustomerPortal: true });
    expect(PORTAL_VARIANT).toBe('CDJ-MVP');
  });
});

describe('withQuery', () => {
  it('starts a query on an app-relative URL and encodes keys and values', () => {
    expect(withQuery('/complete', { evoId: 'a b&c=d/é', 'x y': 1 })).toBe(
      '/complete?evoId=a%20b%26c%3Dd%2F%C3%A9&x%20y=1',
    );
  });

  it('extends an existing query and keeps the fragment last', () => {
    expect(withQuery('https://x.example/p?a=1#top', { b: '2' })).toBe(
      'https://x.example/p?a=1&b=2#top',
    );
    expect(withQuery('https://x.example/p#top', { b: '2' })).toBe('https://x.example/p?b=2#top');
    expect(withQuery('/p?', { b: '2' })).toBe('/p?b=2');
    expect(withQuery('/p?a=1&', { b: '2' })).toBe('/p?a=1&b=2');
  });

  it('leaves out null, undefined and empty values, and the URL alone when none is left', () => {
    expect(withQuery('/p', { a: null, b: undefined, c: '' })).toBe('/p');
    expect(withQuery('/p', { a: null, b: '0' })).toBe('/p?b=0');
  });
});

describe('resolveOutcome, in the order of docs/product.md §4', () => {
  it('1. a null response is an error', () => {
    expect(resolveOutcome(null, defaultCtx)).toEqual({ kind: 'error', url: '/error' });
  });

  it('2. a duplicate wins over everything after it, decline included', () => {
    const response = { ...approved, duplicateRequest: true, declineReason: 'Age' };
    expect(resolveOutcome(response, portalCtx)).toEqual({ kind: 'duplicate', url: '/duplicate' });
  });

  it('3. a non-null decline reason is a decline, even when the quote is valid', () => {
    expect(resolveOutcome({ ...approved, declineReason: 'Income' }, defaultCtx)).toEqual({
      kind: 'declined',
      url: '/declined',
    });
    expect(resolveOutcome({ ...approved, declineReason: '' }, defaultCtx).kind).toBe('declined');
  });

  it('4. neither quoteValid nor quoteProcessed is an error', () => {
    const response = { ...approved, quoteValid: false, quoteProcessed: false };
    expect(resolveOutcome(response, defaultCtx)).toEqual({ kind: 'error', url: '/error' });
  });

  it('5. either quoteValid or quoteProcessed is an approval', () => {
    for (const flags of [
      { quoteValid: true, quoteProcessed: false },
      { quoteValid: false, quoteProcessed: true },
    ]) {
      expect(resolveOutcome({ ...approved, ...flags }, defaultCtx)).toEqual({
        kind: 'approved',
        url: '/complete?evoId=APP%2F42',
      });
    }
  });

  it('uses the brand outcome pages, falling back to the default brand (docs/design.md D3)', () => {
    const external: Brand = {
      ...BRANDS.progressive,
      thankYouPageUrl: 'https://progressive.example/thanks',
      declinePageUrl: 'https://progressive.example/sorry',
    };
    const ctx = { ...defaultCtx, brand: external };
    expect(resolveOutcome(approved, ctx).url).toBe(
      'https://progressive.example/thanks?evoId=APP%2F42',
    );
    expect(resolveOutcome({ ...approved, declineReason: 'Age' }, ctx).url).toBe(
      'https://progressive.example/sorry',
    );
    expect(resolveOutcome(null, ctx).url).toBe('/error');
  });

  it('adds the short reference (decision 0030) to every outcome page but the error page', () => {
    const withRef = { ...approved, reference: 'K7MQ4XR8' };
    expect(resolveOutcome(withRef, defaultCtx).url).toBe('/complete?evoId=APP%2F42&ref=K7MQ4XR8');
    expect(resolveOutcome({ ...withRef, declineReason: 'Age' }, defaultCtx).url).toBe(
      '/declined?ref=K7MQ4XR8',
    );
    expect(resolveOutcome({ ...withRef, duplicateRequest: true }, defaultCtx).url).toBe(
      '/duplicate?ref=K7MQ4XR8',
    );
    const noQuote = { ...withRef, quoteValid: false, quoteProcessed: false };
    expect(resolveOutcome(noQuote, defaultCtx).url).toBe('/error');
  });

  it('sends an approval without an application id to the plain thank-you page', () => {
    expect(resolveOutcome({ ...approved, applicationId: null }, defaultCtx).url).toBe('/complete');
  });
});

describe('resolveOutcome, the customer-portal flow (variant CDJ-MVP, flag on)', () => {
  const thankYou = { kind: 'approved', url: '/complete?evoId=APP%2F42' };

  it('accountStatus missing: thank-you page with evoId', () => {
    expect(resolveOutcome(approved, portalCtx)).toEqual(thankYou);
    expect(resolveOutcome({ ...approved, accountStatus: null, otp: '123456' }, portalCtx)).toEqual(
      thankYou,
    );
  });

  it('New with an otp: portal thank-you page with otp and dealerNumber', () => {
    const response = { ...approved, accountStatus: 1 as const, otp: '012345' };
    expect(resolveOutcome(response, portalCtx)).toEqual({
      kind: 'approved',
      url: 'https://portal.example.com/thank-you?otp=012345&dealerNumber=D%201%262',
    });
  });

  it('New with an otp and no dealer number: the dealerNumber parameter is left out', () => {
    const response = { ...approved, accountStatus: 1 as const, otp: '012345', dealerNumber: null };
    expect(resolveOutcome(response, portalCtx).url).toBe(
      'https://portal.example.com/thank-you?otp=012345',
    );
  });

  it('New without an otp: thank-you page with evoId', () => {
    expect(resolveOutcome({ ...approved, accountStatus: 1, otp: null }, portalCtx)).toEqual(
      thankYou,
    );
    expect(resolveOutcome({ ...approved, accountStatus: 1, otp: '' }, portalCtx)).toEqual(thankYou);
  });

  it('PendingVerification without an otp: portal welcome-back page with dealerNumber', () => {
    expect(resolveOutcome({ ...approved, accountStatus: 2 }, portalCtx)).toEqual({
      kind: 'approved',
      url: 'https://portal.example.com/welcome-back?from=apply&dealerNumber=D%201%262',
    });
    const noDealer = { ...approved, accountStatus: 2 as const, dealerNumber: undefined };
    expect(resolveOutcome(noDealer, portalCtx).url).toBe(portal.welcomeBackUrl);
  });

  it('PendingVerification with an otp: thank-you page with evoId', () => {
    expect(resolveOutcome({ ...approved, accountStatus: 2, otp: '1' }, portalCtx)).toEqual(
      thankYou,
    );
  });

  it.each([3, 4, 5] as const)('any other status (%i): thank-you page with evoId', (status) => {
    expect(resolveOutcome({ ...approved, accountStatus: status, otp: '1' }, portalCtx)).toEqual(
      thankYou,
    );
    expect(resolveOutcome({ ...approved, accountStatus: status }, portalCtx)).toEqual(thankYou);
  });

  it('is off without the variant, or with the feature flag off', () => {
    const response = { ...approved, accountStatus: 1 as const, otp: '012345' };
    expect(resolveOutcome(response, { ...portalCtx, variant: 'other' })).toEqual(thankYou);
    expect(resolveOutcome(response, defaultCtx)).toEqual(thankYou);
    expect(resolveOutcome(response, { ...portalCtx, redirectToCustomerPortal: false })).toEqual(
      thankYou,
    );
  });

  it('never sends a decline, duplicate or error to the portal', () => {
    const response = { ...approved, accountStatus: 1 as const, otp: '012345' };
    expect(resolveOutcome({ ...response, declineReason: 'Age' }, portalCtx).kind).toBe('declined');
    expect(resolveOutcome({ ...response, duplicateRequest: true }, portalCtx).kind).toBe(
      'duplicate',
    );
    expect(
      resolveOutcome({ ...response, quoteValid: false, quoteProcessed: false }, portalCtx).kind,
    ).toBe('error');
  });
});
