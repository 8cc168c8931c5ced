import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInitialState, type ApplicationState } from '@broker/domain';
import { installErrorReporting } from '../app/error-reporting';
import { savePartial } from './partial-save';

// What POST /api/client-errors receives when a partial save fails and when a script error
// escapes (docs/decisions/0016-failed-submission-keeps-the-answers.md, 0021-grouped-alerts.md).

const reports: Record<string, unknown>[] = [];
const partials: string[] = [];

function answer(status: number): Response {
  return new Response('{}', { status, headers: { 'Content-Type': 'application/json' } });
}

/** The network: partial saves take `next`, client-error reports are recorded, no config. */
function network(next: Response | Error): void {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      if (url === '/api/client-errors') {
        reports.push(JSON.parse(init.body as string) as Record<string, unknown>);
        return Promise.resolve(answer(204));
      }
      // The API base comes from the server's configuration (decision 0012): same origin here.
      if (url === '/api/config') return Promise.resolve(answer(404));
      partials.push(url);
      return next instanceof Response ? Promise.resolve(next) : Promise.reject(next);
    }),
  );
}

function agreed(): ApplicationState {
  const state = createInitialState();
  state.GUID = '0b6c1a52-7d8e-4f3a-9c21-5e4d3b2a1f00';
  state.host = 'localhost';
  state.form.loanPurposeType = 'Vehicle';
  state.form.isAgreedTermsAndConditions = true;
  return state;
}

beforeEach(() => {
  reports.length = 0;
  partials.length = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a partial save that fails', () => {
  it.each([
    ['a lost connection', new TypeError('Failed to fetch'), 'NetworkError', 'Network Error'],
    ['a server error', answer(503), 'HttpError', 'HTTP 503'],
    ['a rate limit', answer(429), 'RateLimited', 'HTTP 429'],
  ])('is reported as a failure of partialSave: %s', async (_what, next, name, message) => {
    network(next);
    await savePartial(agreed());
    expect(partials).toEqual(['/api/submission/partial/0b6c1a52-7d8e-4f3a-9c21-5e4d3b2a1f00']);
    // (The missing configuration is reported apart, as loadConfig, once per page.)
    expect(reports.filter((report) => report.operation !== 'loadConfig')).toEqual([
      expect.objectContaining({ kind: 'failure', operation: 'partialSave', name, message }),
    ]);
  });

  it('is not attempted before the terms are agreed', async () => {
    network(answer(202));
    await savePartial({
      ...agreed(),
      form: { ...agreed().form, isAgreedTermsAndConditions: false },
    });
    expect(partials).toEqual([]);
    expect(reports).toEqual([]);
  });
});

describe('global script errors (docs/product.md §8: reported as failure messages)', () => {
  beforeAll(() => installErrorReporting());

  it('reports an uncaught error with kind failure', () => {
    network(answer(202));
    const error = new RangeError('Invalid array length');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
    expect(reports).toEqual([
      expect.objectContaining({
        kind: 'failure',
        name: 'RangeError',
        message: 'Invalid array length',
      }),
    ]);
  });

  it('reports an unhandled rejection with kind failure', () => {
    network(answer(202));
    const event = Object.assign(new Event('unhandledrejection'), {
      reason: new TypeError('x is not a function'),
    });
    window.dispatchEvent(event);
    expect(reports).toEqual([
      expect.objectContaining({
        kind: 'failure',
        name: 'TypeError',
        message: 'x is not a function',
      }),
    ]);
  });
});
