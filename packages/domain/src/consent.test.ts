import { describe, expect, it } from 'vitest';
import { consentFromCookies } from './consent.js';

describe('consentFromCookies', () => {
  it.each([
    ['', null],
    ['cookie_consent=accepted', 'accepted'],
    ['a=1; cookie_consent=rejected; b=2', 'rejected'],
    ['  cookie_consent=accepted  ', 'accepted'],
    ['cookie_consent=', null],
    ['cookie_consent=yes', null],
    ['cookie_consent=Accepted', null],
    ['my_cookie_consent=accepted', null],
    ['cookie_consent', null],
  ])('%j → %s', (cookies, expected) => {
    expect(consentFromCookies(cookies)).toBe(expected);
  });
});
