import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageChange } from './use-page-change';

const NumberFormat = Intl.NumberFormat;
/** The locales of every Intl.NumberFormat created while a test runs. */
let created: unknown[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  created = [];
  vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
    ...args: Parameters<typeof NumberFormat>
  ) {
    created.push(args[0]);
    return new NumberFormat(...args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('usePageChange', () => {
  it('creates the page’s first number format in an idle moment after the first page, not while rendering', () => {
    const { rerender } = renderHook(({ path }) => usePageChange(path), {
      initialProps: { path: '/' },
    });
    expect(created).toEqual([]);
    act(() => {
      vi.runAllTimers();
    });
    expect(created).toEqual(['en-GB']);

    // Later pages need none: the number data stays loaded.
    rerender({ path: '/looking-to-borrow' });
    act(() => {
      vi.runAllTimers();
    });
    expect(created).toEqual(['en-GB']);
  });

  it('moves focus to the new page’s h1 in the same task as the page changes', () => {
    document.body.innerHTML = '<main><h1>How much would you like to borrow?</h1></main>';
    const { rerender } = renderHook(({ path }) => usePageChange(path), {
      initialProps: { path: '/' },
    });
    expect(document.activeElement).toBe(document.body);
    rerender({ path: '/looking-to-borrow' });
    expect(document.activeElement).toBe(document.querySelector('h1'));
    document.body.innerHTML = '';
  });
});
