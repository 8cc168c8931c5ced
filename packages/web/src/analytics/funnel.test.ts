import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInitialState } from '@broker/domain';
import { clearStoredState } from '../state/storage';
import { FUNNEL_STORAGE_KEY, funnelStepOf, reportFunnelStep } from './funnel';

function application(guid: string, changes: Partial<ReturnType<typeof createInitialState>> = {}) {
  const state = createInitialState();
  state.GUID = guid;
  state.affiliateConfig = 'progressive';
  state.form.firstName = 'Ada';
  return { ...state, ...changes };
}

describe('funnel step reports', () => {
  let beacons: { url: string; body: unknown }[];

  beforeEach(() => {
    window.sessionStorage.clear();
    beacons = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 200 }))),
    );
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: string) => {
        beacons.push({ url, body: JSON.parse(body) });
        return true;
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names journey steps by id, numbered entries as their step, and the outcome pages', () => {
    expect(funnelStepOf('/')).toBe('start');
    expect(funnelStepOf('/address/2')).toBe('address');
    expect(funnelStepOf('/complete')).toBe('complete');
    expect(funnelStepOf('/declined')).toBe('declined');
    expect(funnelStepOf('/duplicate')).toBe('duplicate');
    expect(funnelStepOf('/terms-and-conditions')).toBeNull();
  });

  it('posts each step once per application: step, branch and brand profile only', async () => {
    const ada = application('guid-1');
    await reportFunnelStep('/', ada);
    await reportFunnelStep('/', ada);
    await reportFunnelStep('/address/1', ada);
    await reportFunnelStep('/address/2', ada);
    await reportFunnelStep('/terms-and-conditions', ada);
    expect(beacons).toEqual([
      { url: '/api/funnel', body: { step: 'start', branch: 'vehicle', affiliate: 'progressive' } },
      {
        url: '/api/funnel',
        body: { step: 'address', branch: 'vehicle', affiliate: 'progressive' },
      },
    ]);
    expect(JSON.stringify(beacons)).not.toContain('Ada');
    expect(JSON.stringify(beacons)).not.toContain('guid-1');

    // A new application in the same tab starts its own steps.
    await reportFunnelStep('/', application('guid-2', { isJointApplication: true }));
    expect(beacons.at(-1)?.body).toEqual({
      step: 'start',
      branch: 'joint',
      affiliate: 'progressive',
    });
    expect(JSON.parse(window.sessionStorage.getItem(FUNNEL_STORAGE_KEY)!)).toEqual({
      a: 'guid-2',
      s: ['start'],
    });
  });

  it('reports nothing once the visitor has rejected analytics cookies (their objection)', async () => {
    document.cookie = 'cookie_consent=rejected; Path=/';
    try {
      await reportFunnelStep('/', application('guid-3'));
      expect(beacons).toEqual([]);
      expect(window.sessionStorage.getItem(FUNNEL_STORAGE_KEY)).toBeNull();
    } finally {
      document.cookie = 'cookie_consent=; Max-Age=0; Path=/';
    }
    await reportFunnelStep('/', application('guid-3'));
    expect(beacons).toHaveLength(1);
  });

  it('an objection after steps were counted removes what was kept, and counts no more', async () => {
    await reportFunnelStep('/', application('guid-5'));
    expect(window.sessionStorage.getItem(FUNNEL_STORAGE_KEY)).toContain('guid-5');
    document.cookie = 'cookie_consent=rejected; Path=/';
    try {
      await reportFunnelStep('/loan-type', application('guid-5'));
      expect(window.sessionStorage.getItem(FUNNEL_STORAGE_KEY)).toBeNull();
      expect(beacons.map((beacon) => beacon.body)).toEqual([
        { step: 'start', branch: 'vehicle', affiliate: 'progressive' },
      ]);
    } finally {
      document.cookie = 'cookie_consent=; Max-Age=0; Path=/';
    }
  });

  it('forgets the steps, and the GUID with them, when the answers are cleared', async () => {
    await reportFunnelStep('/', application('guid-4'));
    expect(window.sessionStorage.getItem(FUNNEL_STORAGE_KEY)).toContain('guid-4');
    clearStoredState();
    expect(window.sessionStorage.getItem(FUNNEL_STORAGE_KEY)).toBeNull();
  });
});
