import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInitialState, type ApplicationState } from '@broker/domain';
import { getApplication, useApplicationStore } from '../state/application-store';
import { STORAGE_KEY } from '../state/storage';
import { QUOTE_STORAGE_KEY, readQuote } from '../state/quote-store';
import { savePartial } from './partial-save';
import { RATE_LIMIT_WAITS, submitApplication, SUBMIT_RETRY_DELAYS_MS } from './submit';

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

function answer(
  status: number,
  body: unknown = {},
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** No answer until the request's own signal gives up, as a network that never replies. */
const HANG = Symbol('hang');

/** What POST /api/client-errors received. */
const reports: Record<string, unknown>[] = [];

/** A stand-in for the network: each submission call takes the next answer in turn. */
function network(...answers: (Response | Error | typeof HANG)[]): Call[] {
  const calls: Call[] = [];
  reports.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      if (url.startsWith('/api/config')) return Promise.resolve(answer(404));
      if (url.startsWith('/api/client-errors')) {
        reports.push(JSON.parse(init.body as string) as Record<string, unknown>);
        return Promise.resolve(answer(204));
      }
      calls.push({ url, body: JSON.parse(init.body as string) });
      const next = answers.shift() ?? new Error('no more answers');
      if (next === HANG) {
        return new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
        });
      }
      return next instanceof Response ? Promise.resolve(next) : Promise.reject(next);
    }),
  );
  return calls;
}

function submissionReports() {
  return reports.filter((report) => report.operation === 'submitApplication');
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

  it.each([
    ['approved', APPROVED, '/complete?evoId=APP-42&ref=K7MQ4XR8'],
    ['declined', { ...APPROVED, declineReason: 'Income' }, '/declined?ref=K7MQ4XR8'],
    ['duplicate', { ...APPROVED, duplicateRequest: true }, '/duplicate?ref=K7MQ4XR8'],
  ])(
    'takes the short reference of a %s answer to its outcome page (decision 0030)',
    async (_kind, body, url) => {
      network(answer(200, { ...body, reference: 'K7MQ4XR8' }));
      await expect(submitApplication(noWait)).resolves.toMatchObject({ url });
    },
  );

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

  it('keeps the answers after a failure, and Try again sends the same key once more', async () => {
    const calls = network(
      answer(503),
      answer(503),
      answer(503),
      answer(503),
      answer(200, APPROVED),
    );
    expect(await submitApplication(noWait)).toEqual({ kind: 'error', url: '/error' });
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toContain(getSentKey());
    expect(getApplication().form.isAgreedTermsAndConditions).toBe(true);
    expect(getApplication().lockDown).toBe(false);

    const again = await submitApplication(noWait);
    expect(again).toEqual({ kind: 'approved', url: '/complete?evoId=APP-42' });
    expect(calls).toHaveLength(5);
    expect(new Set(calls.map((call) => call.url))).toEqual(
      new Set([`/api/submission/${getSentKey()}`]),
    );
    // An outcome: only now are the answers cleared.
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('keeps the answers when the answer has neither quote flag, and reports NoQuote', async () => {
    network(answer(200, { ...APPROVED, quoteValid: false, quoteProcessed: false }));
    expect(await submitApplication(noWait)).toEqual({ kind: 'error', url: '/error' });
    expect(getApplication().form.isAgreedTermsAndConditions).toBe(true);
    expect(submissionReports()).toEqual([
      expect.objectContaining({
        kind: 'failure',
        operation: 'submitApplication',
        name: 'NoQuote',
        message: 'No quote in the answer',
      }),
    ]);
  });

  it.each([
    ['a lost connection', new TypeError('Failed to fetch'), 'NetworkError', 'Network Error'],
    [
      'an aborted request',
      new DOMException('The user aborted a request.', 'AbortError'),
      'AbortError',
      'Request aborted',
    ],
    ['a server error', answer(500), 'HttpError', 'HTTP 500'],
    ['a refused payload', answer(400, { error: 'invalid_payload' }), 'HttpError', 'HTTP 400'],
  ])('reports %s as docs/product.md §8 words it', async (_what, failure, name, message) => {
    // Retried failures fail the same way each time.
    network(failure, failure, failure, failure);
    expect((await submitApplication(noWait))?.kind).toBe('error');
    expect(submissionReports()).toEqual([
      {
        kind: 'failure',
        operation: 'submitApplication',
        name,
        message,
        url: '/',
        stack: expect.any(String) as string,
      },
    ]);
  });

  it("reports a request that times out as 'timeout of N ms exceeded', N the client's timeout", async () => {
    network(HANG, HANG, HANG, HANG);
    expect((await submitApplication({ ...noWait, timeoutMs: 30 }))?.kind).toBe('error');
    expect(submissionReports()).toEqual([
      expect.objectContaining({ name: 'TimeoutError', message: 'timeout of 30 ms exceeded' }),
    ]);
  });

  it('waits out a 429 for its Retry-After, saying so, then sends again', async () => {
    const calls = network(answer(429, {}, { 'Retry-After': '2' }), answer(200, APPROVED));
    const waited: number[] = [];
    const slept: number[] = [];
    const outcome = await submitApplication({
      sleep: (ms) => {
        slept.push(ms);
        return Promise.resolve();
      },
      onWaiting: (ms) => waited.push(ms),
    });
    expect(outcome?.kind).toBe('approved');
    expect(waited).toEqual([2000]);
    expect(slept).toEqual([2000]);
    expect(calls).toHaveLength(2);
  });

  it('gives up on a 429 that goes on, keeps the answers and reports RateLimited', async () => {
    const limited = () => answer(429, {}, { 'Retry-After': '1' });
    const calls = network(...Array.from({ length: RATE_LIMIT_WAITS + 1 }, limited));
    expect(await submitApplication(noWait)).toEqual({ kind: 'error', url: '/error' });
    expect(calls).toHaveLength(RATE_LIMIT_WAITS + 1);
    expect(getApplication().form.isAgreedTermsAndConditions).toBe(true);
    expect(submissionReports()).toEqual([
      expect.objectContaining({ kind: 'failure', name: 'RateLimited', message: 'HTTP 429' }),
    ]);
  });

  it('posts no partial save once the full submission has started', async () => {
    const calls = network(answer(503), answer(503), answer(503), answer(503));
    const state = getApplication();
    await submitApplication(noWait);
    await savePartial(state);
    expect(calls.filter((call) => call.url.includes('/partial/'))).toEqual([]);
  });

  it('clears session storage after the answer and starts a fresh application', async () => {
    network(answer(200, { ...APPROVED, duplicateRequest: true }));
    expect((await submitApplication(noWait))?.kind).toBe('duplicate');
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(getApplication().form.isAgreedTermsAndConditions).toBe(false);
    expect(getApplication().lockDown).toBe(false);
  });
});
