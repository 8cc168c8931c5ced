import { describe, expect, it } from 'vitest';
import { setFields } from '../state/application-store';
import { matchRoute } from '../lib/router';
import { redirectFor, ROUTES } from './routes';

describe('routes', () => {
  it('has a route for every path of docs/product.md §2 and the outcome pages', () => {
    const paths = [
      '/',
      '/driving-licence',
      '/marital-status',
      '/loan-type',
      '/date-of-birth',
      '/amount-to-finance',
      '/employment-length/1',
      '/employment-income/1',
      '/address/2',
      '/personal',
      '/address-length/1',
      '/residential-status/1',
      '/employment/1',
      '/employment-add/2',
      '/contact',
      '/complete',
      '/terms-and-conditions',
      '/privacy-policy',
      '/cookie-policy',
      '/looking-to-buy',
      '/looking-to-borrow',
      '/term-to-borrow',
      '/deposit',
      '/joint',
      '/joint-customer-details',
      '/joint-customer-contact',
      '/joint-date-of-birth',
      '/joint-employment-income',
      '/joint-employment-add',
      '/joint-employment-length',
      '/joint-optins',
      '/optins',
      '/breathing-space',
      '/property-details',
      '/security-address-confirm',
      '/security-address-add',
      '/own-other-properties',
      '/soft-search',
      '/fair-processing-notice',
      '/before-you-submit',
      '/submit',
      '/declined',
      '/duplicate',
      '/error',
      '/portal/thank-you',
      '/portal/welcome-back',
    ];
    for (const path of paths) expect(matchRoute(ROUTES, path), path).not.toBeNull();
  });

  it('sends an unknown path, or a step number the journey refuses, to /', () => {
    expect(redirectFor('/no-such-page')).toBe('/');
    expect(redirectFor('/address/0')).toBe('/');
    expect(redirectFor('/employment/x')).toBe('/');
  });

  it('sends a deep link to a later step to the first incomplete step', () => {
    expect(redirectFor('/contact')).toBe('/');
    setFields({ 'form.loanPurposeType': 'Vehicle' });
    expect(redirectFor('/contact')).toBe('/loan-type');
    expect(redirectFor('/loan-type')).toBeNull();
  });

  it('lets the start, the outcome pages and the legal pages open directly', () => {
    for (const path of ['/', '/complete', '/error', '/privacy-policy']) {
      expect(redirectFor(path), path).toBeNull();
    }
  });
});
