import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInitialState, type ApplicationState } from '@broker/domain';
import { getApplication, useApplicationStore } from '../state/application-store';
import { STORAGE_KEY } from '../state/storage';
import { QUOTE_STORAGE_KEY, readQuote } from '../features/quote/quote-store';
import { submitApplication, SUBMIT_RETRY_DELAYS_MS } from './submit';

const APPROVED = {
  duplicateRequest: false,
  declineReason: null,
  quoteValid: true,
  quoteProcessed: true,
  applicationId: 'APP-42',
  dealerNumber: null,
};

interface Call {
  url: string;
  body: unknown;
}

function answer(status: number, body: unknown = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A stand-in for the network: each submission call takes the next answer in turn. */
function network(...answers: (Response | Error)[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      if (url.startsWith('/api/config')) return Promise.resolve(answer(404));
      if (url.startsWith('/api/client-errors')) return Promise.resolve(answer(204));
      calls.push({ url, body: JSON.parse(init.body as string) });
      const next = answers.shift() ?? new Error('no more answers');
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    }),
  );
  return calls;
}

// Each key is sent once per page, so each test applies under a key of its own.
let key = 0;

function agreedApplication(): ApplicationState {
  const state = createInitialState();
  key += 1;
  state.GUID = `6f1c1c1e-2b8a-4a57-9b9a-${String(key).padStart(12, '0')}`;
  state.host = 'localhost';
  state.form.isAgreedTermsAndConditions = true;
  state.form.loanPurposeType = 'Vehicle';
  state.form.financeType = 'HirePurchase';
  return state;
}

const noWait = { sleep: () => Promise.resolve() };

function getSentKey(): string {
  return `6f1c1c1e-2b8a-4a57-9b9a-${String(key).padStart(12, '0')}`;
}

beforeEach(() => {
  useApplicationStore.setState({ application: agreedApplication() });
  window.sessionStorage.setItem(STORAGE_KEY, 'stored');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('submitApplication', () => {
  it('sends nothing unless the terms are agreed', async () => {
    const calls = network(answer(200, APPROVED));
    useApplicationStore.setState({ application: createInitialState() });
    await expect(submitApplication(noWait)).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('posts the completed payload once, even when asked twice, and goes to the thank-you page', async () => {
    const calls = network(answer(200, APPROVED));
    const [first, second] = await Promise.all([
      submitApplication(noWait),
      submitApplication(noWait),
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`/api/submission/${getSentKey()}`);
    expect(calls[0]?.body).toMatchObject({ IsCompleted: true, termsAndConditionsAgreed: true });
    expect(first).toEqual({ kind: 'approved', url: '/complete?evoId=APP-42' });
    expect(second).toBe(first);
  });

  it('retries a gateway error or a lost connection with the same key, up to 3 times', async () => {
    const calls = network(
      answer(503),
      new TypeError('Failed to fetch'),
      answer(504),
      answer(200, APPROVED),
    );
    const outcome = await submitApplication(noWait);
    expect(outcome?.kind).toBe('approved');
    expect(calls).toHaveLength(1 + SUBMIT_RETRY_DELAYS_MS.length);
    expect(new Set(calls.map((call) => call.url)).size).toBe(1);
  });

  it('gives up after 3 retries and sends the visitor to the error page', async () => {
    const calls = network(
      answer(502),
      answer(502),
      answer(502),
      answer(502),
      answer(200, APPROVED),
    );
    expect(await submitApplication(noWait)).toEqual({ kind: 'error', url: '/error' });
    expect(calls).toHaveLength(4);
  });

  it('does not retry a refused payload', async () => {
    const calls = network(answer(400, { error: 'invalid_payload' }));
    expect((await submitApplication(noWait))?.kind).toBe('error');
    expect(calls).toHaveLength(1);
  });

  it('keeps an approval’s quote for the thank-you page after the answers are cleared', async () => {
    const quote = {
      lenderId: 'northgate-vehicle',
      lender: 'Northgate Vehicle Credit (fictional)',
      productId: 'prime-motor',
      product: 'Prime motor finance',
      rateLabel: 'APR',
      amount: 7500,
      termMonths: 48,
      apr: 0.079,
      monthlyPayment: 181.79,
      totalCostOfCredit: 1225.92,
      totalPayable: 8725.92,
      validUntil: '2026-04-09',
    };
    network(answer(200, { ...APPROVED, applicationId: 'APP-Q1', quote, matchedLenders: [] }));
    expect(await submitApplication(noWait)).toEqual({
      kind: 'approved',
      url: '/complete?evoId=APP-Q1',
    });
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(readQuote('APP-Q1')).toEqual(quote);
    expect(readQuote('APP-42')).toBeNull();
  });

  it('keeps no quote from a decline', async () => {
    window.sessionStorage.removeItem(QUOTE_STORAGE_KEY);
    network(
      answer(200, { ...APPROVED, quoteValid: false, declineReason: 'NoLenderMatch', quote: null }),
    );
    expect((await submitApplication(noWait))?.kind).toBe('declined');
    expect(window.sessionStorage.getItem(QUOTE_STORAGE_KEY)).toBeNull();
  });

  it('clears session storage after the answer and starts a fresh application', async () => {
    network(answer(200, { ...APPROVED, duplicateRequest: true }));
    expect((await submitApplication(noWait))?.kind).toBe('duplicate');
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(getApplication().form.isAgreedTermsAndConditions).toBe(false);
    expect(getApplication().lockDown).toBe(false);
  });
});
