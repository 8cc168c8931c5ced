import { afterEach, describe, expect, it } from 'vitest';
import { getLocation, navigate, startHistory } from './history';

describe('navigate', () => {
  const rule = { calls: [] as string[], target: '/first-incomplete' as string | null };
  const redirect = (pathname: string) => {
    rule.calls.push(pathname);
    return pathname === rule.target ? null : rule.target;
  };

  afterEach(() => {
    rule.calls = [];
    rule.target = '/first-incomplete';
    window.history.replaceState(null, '', '/');
  });

  it('applies the redirect rule to a path asked for (a link, Back, a deep link)', () => {
    startHistory(redirect);
    rule.calls = [];
    navigate('/contact');
    expect(rule.calls[0]).toBe('/contact');
    expect(getLocation().pathname).toBe('/first-incomplete');
    expect(window.location.pathname).toBe('/first-incomplete');
  });

  it('does not check again a path the journey chose after a valid Continue', () => {
    startHistory(redirect);
    rule.calls = [];
    navigate('/contact?change=1', { chosenByJourney: true });
    expect(rule.calls).toEqual([]);
    expect(getLocation()).toEqual({ pathname: '/contact', search: '?change=1', hash: '' });
    expect(window.location.pathname).toBe('/contact');
  });
});
