import { describe, expect, it } from 'vitest';
import { canHydrate, type FirstRenderFacts } from './hydration';

const PRERENDERED: FirstRenderFacts = {
  prerenderedFor: 'default',
  brand: 'default',
  pathname: '/',
  consentChosen: false,
};

describe('canHydrate', () => {
  it("adopts the server's start screen made for this brand", () => {
    expect(canHydrate(PRERENDERED)).toBe(true);
  });

  it.each<[string, Partial<FirstRenderFacts>]>([
    ['the server sent an empty root', { prerenderedFor: null }],
    ['the markup is for another brand', { prerenderedFor: 'progressive' }],
    ['the first page is another one', { pathname: '/contact' }],
    ['the banner was answered (the markup has it, the app would not)', { consentChosen: true }],
  ])('paints afresh when %s', (_reason, change) => {
    expect(canHydrate({ ...PRERENDERED, ...change })).toBe(false);
  });
});
