import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createInitialState,
  disclosureReceiptSchema,
  partialSubmissionPayloadSchema,
} from '@broker/domain';
import { setField, useApplicationStore } from '../state/application-store';
import { savePartial } from '../api/partial-save';
import { disclosuresFor, markAgreed, markShown, startConsentRecording } from './recorder';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

function application(guid: string) {
  const state = createInitialState();
  state.GUID = guid;
  state.host = 'localhost';
  state.form.loanPurposeType = 'Vehicle';
  state.form.financeType = 'HirePurchase';
  return state;
}

let stop: () => void = () => undefined;

beforeEach(() => {
  window.sessionStorage.clear();
  useApplicationStore.setState({
    application: application('6f1c1c1e-2b8a-4a57-9b9a-000000000001'),
  });
  stop = startConsentRecording();
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the record of texts shown and consents given', () => {
  it('records each text once, with the current version and the moment it first appeared', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T07:01:00.000Z'), toFake: ['Date'] });
    markShown('broker-status');
    vi.setSystemTime(new Date('2026-11-24T07:09:00.000Z'));
    markShown('broker-status');
    markShown('terms');
    expect(disclosuresFor(useApplicationStore.getState().application)).toEqual({
      shown: [
        { text: 'broker-status', version: 1, at: '2026-11-24T07:01:00.000Z' },
        { text: 'terms', version: 1, at: '2026-11-24T07:09:00.000Z' },
      ],
      agreed: [],
    });
  });

  it('writes nothing to storage when the text shown or the consent is already recorded', () => {
    markShown('repossession-warning');
    setField('form.isAgreedTermsAndConditions', true);
    const stored = window.sessionStorage.getItem('disclosures');
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    try {
      // A secured application's frame shows the warning again on every step.
      markShown('repossession-warning');
      markAgreed('terms', true);
      markAgreed('soft-search', false);
      expect(setItem).not.toHaveBeenCalled();
      markShown('representative-example');
      expect(setItem).toHaveBeenCalledTimes(1);
    } finally {
      setItem.mockRestore();
    }
    const before = JSON.parse(stored ?? 'null') as { shown: { text: string }[] };
    expect(before.shown.map((entry) => entry.text)).toEqual(['repossession-warning']);
  });

  it('records the moment the terms, soft search and opt-ins are agreed, and forgets a withdrawn one', () => {
    setField('form.isAgreedTermsAndConditions', true);
    setField('form.agreeSoftSearch', true);
    setField('form.isOptedSms', true);
    setField('form.isOptedEmail', true);
    setField('form.agreeSoftSearch', false);
    const record = disclosuresFor(useApplicationStore.getState().application);
    expect(record?.agreed.map(({ consent, text, version }) => [consent, text, version])).toEqual([
      ['terms', 'terms', 1],
      ['marketing-opt-ins', 'privacy', 2],
    ]);
    for (const entry of record?.agreed ?? []) expect(entry.at).toMatch(ISO);
  });

  it('keeps the first moment when a consent is given again without being withdrawn', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T07:01:00.000Z'), toFake: ['Date'] });
    markAgreed('cookies', true);
    vi.setSystemTime(new Date('2026-11-24T07:30:00.000Z'));
    markAgreed('cookies', true);
    expect(disclosuresFor(useApplicationStore.getState().application)?.agreed).toEqual([
      { consent: 'cookies', text: 'cookies', version: 2, at: '2026-11-24T07:01:00.000Z' },
    ]);
  });

  it('tells the server once per text, after the render, in one request per render, under the application’s key', async () => {
    // The report's code waits for the visitor's first activity (lib/when-needed.ts). What
    // earlier tests marked goes first, unanswered, once that code has arrived.
    window.dispatchEvent(new Event('keydown'));
    await import('./tell-server');
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    const requests: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        if (url.startsWith('/api/disclosures/')) {
          requests.push({ url, body: JSON.parse(init.body as string) });
        }
        return Promise.resolve(new Response('{}', { status: 200 }));
      }),
    );
    // The footer marks both as it mounts; nothing is sent while the page renders.
    markShown('broker-status');
    markShown('commission');
    expect(requests).toEqual([]);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      url: '/api/disclosures/6f1c1c1e-2b8a-4a57-9b9a-000000000001',
      body: {
        shown: [
          { text: 'broker-status', version: 1 },
          { text: 'commission', version: 1 },
        ],
      },
    });
    expect(disclosureReceiptSchema.safeParse(requests[0]?.body).success).toBe(true);
    // Shown again (the next page's footer): already told.
    markShown('commission');
    markShown('terms');
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.body).toEqual({ shown: [{ text: 'terms', version: 1 }] });
  });

  it('belongs to one application: a new application starts with none', () => {
    markShown('privacy');
    const next = application('6f1c1c1e-2b8a-4a57-9b9a-000000000002');
    expect(disclosuresFor(next)).toBeUndefined();
  });

  it('goes with a partial save as the payload’s disclosures, which the server’s schema accepts', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        if (url.startsWith('/api/submission/partial/')) sent.push(JSON.parse(init.body as string));
        return Promise.resolve(new Response('{}', { status: 202 }));
      }),
    );
    markShown('terms');
    setField('form.isAgreedTermsAndConditions', true);
    await savePartial(useApplicationStore.getState().application);
    expect(sent).toHaveLength(1);
    const payload = sent[0] as { disclosures: unknown };
    expect(payload.disclosures).toEqual({
      shown: [{ text: 'terms', version: 1, at: expect.stringMatching(ISO) as string }],
      agreed: [
        { consent: 'terms', text: 'terms', version: 1, at: expect.stringMatching(ISO) as string },
      ],
    });
    const checked = partialSubmissionPayloadSchema.safeParse(payload);
    expect(
      (checked.error?.issues ?? []).filter((issue) => issue.path[0] === 'disclosures'),
    ).toEqual([]);
  });
});
