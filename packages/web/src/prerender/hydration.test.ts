import { describe, expect, it } from 'vitest';
import { canHydrate, keepsShell, type FirstRenderFacts } from './hydration';

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

describe('keepsShell', () => {
  const SHELL: FirstRenderFacts = {
    prerenderedFor: 'default',
    brand: 'default',
    pathname: '/contact',
    consentChosen: true,
    shellPath: '/contact',
  };

  it("keeps this brand's shell of the page the app shows until its first commit", () => {
    expect(keepsShell(SHELL)).toBe(true);
    expect(keepsShell({ ...SHELL, consentChosen: false })).toBe(true);
  });

  it('is never adopted with hydrateRoot (its answers are empty, the visitor’s are not)', () => {
    expect(canHydrate({ ...SHELL, pathname: '/', shellPath: '/' })).toBe(false);
  });

  it.each<[string, Partial<FirstRenderFacts>]>([
    ['the redirect rule sent the visitor to another step', { pathname: '/date-of-birth' }],
    ['the shell is for another brand', { prerenderedFor: 'progressive' }],
    ['the page is the start screen, not a shell', { shellPath: null }],
    ['the server sent an empty root', { prerenderedFor: null, shellPath: null }],
  ])('removes it at once when %s', (_reason, change) => {
    expect(keepsShell({ ...SHELL, ...change })).toBe(false);
  });
});
