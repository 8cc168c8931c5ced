import {
  ANALYTICS_EVENTS,
  ANALYTICS_EVENT_TYPES,
  ANALYTICS_FAILURE_STATUS,
  ANALYTICS_PROPERTY_KEYS,
  buildSubmissionPayload,
  canSubmit,
  resolveOutcome,
  type ApplicationState,
  type Outcome,
  type SubmissionPayloadDraft,
  type SubmissionResponse,
} from '@broker/domain';
import { currentBrand } from '../lib/brand';
import { today } from '../lib/today';
import { track } from '../analytics/track';
import { clearSession, getApplication, setField } from '../state/application-store';
import { intakeApplication } from '../state/start';
import { isRecord, RequestFailure, requestJson } from './http';
import { markFullSubmissionStarted } from '../lib/full-submission';
import { loadConfig } from './config';
import { apiBaseOf } from './api-base';
import { disclosuresFor } from '../evidence/recorder';
import { reportClientError } from './client-errors';
import { parseQuote, storeQuote } from '../state/quote-store';
import { rememberSentApplication } from '../state/sent-application';

/**
 * Waits before each retry of a submission that got no answer or a gateway error (502, 503,
 * 504): about 7 s in all, enough to ride out a proxy or server restart while the visitor is
 * still watching the button. The same submission key is sent each time and the server treats
 * it idempotently (docs/design.md §3), so a retry can never create a second application.
 */
export const SUBMIT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];
const RETRY_STATUSES = new Set([502, 503, 504]);
/** The server answers in milliseconds (docs/design.md §5); 20 s without an answer is a failure. */
const SUBMIT_TIMEOUT_MS = 20_000;
/**
 * A 429 is waited out for as long as its Retry-After asks (5 s when it does not say), at most
 * this often and this long each time; the server's window is a minute (decision record 0016).
 */
export const RATE_LIMIT_WAITS = 3;
const RATE_LIMIT_MAX_WAIT_MS = 60_000;
const RATE_LIMIT_DEFAULT_WAIT_MS = 5_000;

/** Where a submission that failed goes: the app's own page, which can send it again. */
const FAILURE_URL = '/error';

export interface SubmitDependencies {
  sleep: (ms: number) => Promise<void>;
  /** Told when a 429 makes the client wait before sending again ("still sending"). */
  onWaiting?: (ms: number) => void;
  timeoutMs?: number;
}

const defaultDependencies: SubmitDependencies = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Reads the answer by hand (zod would outweigh the submit screen): docs/product.md §3's fields. */
function parseSubmissionResponse(data: unknown): SubmissionResponse | null {
  if (!isRecord(data)) return null;
  const { duplicateRequest, declineReason, quoteValid, quoteProcessed } = data;
  if (typeof duplicateRequest !== 'boolean' || typeof quoteValid !== 'boolean') return null;
  if (typeof quoteProcessed !== 'boolean') return null;
  if (declineReason !== null && declineReason !== undefined && typeof declineReason !== 'string')
    return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const status = data.accountStatus;
  return {
    duplicateRequest,
    declineReason: declineReason ?? null,
    quoteValid,
    quoteProcessed,
    dealerNumber: text(data.dealerNumber),
    applicationId: text(data.applicationId),
    otp: text(data.otp),
    accountStatus:
      status === 1 || status === 2 || status === 3 || status === 4 || status === 5 ? status : null,
    // The lender panel's quote (docs/decisions/0023-quote-on-the-outcome-page.md).
    ...(data.quote !== undefined && { quote: parseQuote(data.quote) }),
    // The short reference the outcome pages show (docs/decisions/0030-application-reference.md).
    reference: text(data.reference),
  };
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

async function postWithRetry(
  url: string,
  body: unknown,
  deps: SubmitDependencies,
): Promise<SubmissionResponse> {
  const timeoutMs = deps.timeoutMs ?? SUBMIT_TIMEOUT_MS;
  let retries = 0;
  let waits = 0;
  for (;;) {
    let failure: RequestFailure;
    try {
      const response = await requestJson('POST', url, body, { timeoutMs });
      if (response.status === 200) {
        const parsed = parseSubmissionResponse(response.data);
        if (!parsed) throw new RequestFailure('HttpError', 'HTTP 200 answer not understood');
        return parsed;
      }
      if (response.status === 429) {
        const wait =
          retryAfterMs(response.headers.get('retry-after')) ?? RATE_LIMIT_DEFAULT_WAIT_MS;
        if (waits >= RATE_LIMIT_WAITS || wait > RATE_LIMIT_MAX_WAIT_MS) {
          throw new RequestFailure('RateLimited', 'HTTP 429');
        }
        waits += 1;
        deps.onWaiting?.(wait);
        await deps.sleep(wait);
        continue;
      }
      failure = new RequestFailure('HttpError', `HTTP ${response.status}`);
      if (!RETRY_STATUSES.has(response.status)) throw failure;
    } catch (error) {
      // requestJson rejects only with a RequestFailure: no answer (network, timeout, abort).
      if (!(error instanceof RequestFailure)) throw error;
      if (error.name === 'HttpError' || error.name === 'RateLimited') throw error;
      failure = error;
    }
    const delay = SUBMIT_RETRY_DELAYS_MS[retries];
    if (delay === undefined) throw failure;
    retries += 1;
    await deps.sleep(delay);
  }
}

const OUTCOME_EVENTS = {
  approved: ANALYTICS_EVENT_TYPES.applicationApproval,
  declined: ANALYTICS_EVENT_TYPES.applicationDecline,
  duplicate: ANALYTICS_EVENT_TYPES.applicationDuplicate,
  error: ANALYTICS_EVENT_TYPES.applicationError,
} as const;

/** The failure an answer stands for: none, or neither quote flag (docs/product.md §4 step 4). */
function noQuote(response: SubmissionResponse): boolean {
  return (
    !response.duplicateRequest &&
    response.declineReason == null &&
    !response.quoteValid &&
    !response.quoteProcessed
  );
}

async function send(
  state: ApplicationState,
  payload: SubmissionPayloadDraft,
  deps: SubmitDependencies,
): Promise<Outcome> {
  const brand = currentBrand();
  const key = payload.submissionKey;
  const config = await loadConfig();
  track(ANALYTICS_EVENT_TYPES.submitApplication, { [ANALYTICS_PROPERTY_KEYS.submissionKey]: key });

  let response: SubmissionResponse | null = null;
  let failure: RequestFailure | null = null;
  try {
    const url = `${apiBaseOf(config?.apiBase ?? '')}/api/submission/${encodeURIComponent(key)}`;
    response = await postWithRetry(url, payload, deps);
    if (noQuote(response)) failure = new RequestFailure('NoQuote', 'No quote in the answer');
  } catch (error) {
    failure =
      error instanceof RequestFailure ? error : new RequestFailure('HttpError', String(error));
  }

  if (failure === null && response !== null) {
    // An outcome: the server has the application. Only now are the answers cleared (docs/product.md §4).
    clearSession(intakeApplication(null));
    rememberSentApplication(key);
    // The thank-you page shows an approval's quote, so it is kept apart from the answers.
    if (response.quote && response.applicationId) {
      storeQuote({ applicationId: response.applicationId, quote: response.quote });
    }
    const outcome = resolveOutcome(response, {
      brand,
      variant: state.variant,
      redirectToCustomerPortal: config?.features.RedirectToCustomerPortal ?? false,
      portal: config?.portal ?? { thankYouUrl: '', welcomeBackUrl: '' },
    });
    track(OUTCOME_EVENTS[outcome.kind], {
      [ANALYTICS_PROPERTY_KEYS.submissionKey]: key,
      [ANALYTICS_PROPERTY_KEYS.dealerNumber]: response.dealerNumber ?? null,
      [ANALYTICS_PROPERTY_KEYS.accountStatus]: response.accountStatus ?? null,
    });
    return outcome;
  }

  // Not sent, or not answered with an outcome: the answers stay on this device so the visitor
  // can try again with the same key (decision record 0016). The alert and tracking of docs/product.md §8.
  setField('lockDown', false);
  track(OUTCOME_EVENTS.error, {
    [ANALYTICS_PROPERTY_KEYS.submissionKey]: key,
    [ANALYTICS_PROPERTY_KEYS.dealerNumber]: response?.dealerNumber ?? null,
    [ANALYTICS_PROPERTY_KEYS.accountStatus]: response?.accountStatus ?? null,
    status: ANALYTICS_FAILURE_STATUS,
  });
  track(ANALYTICS_EVENTS.submissionError, { [ANALYTICS_PROPERTY_KEYS.submissionKey]: key });
  reportClientError({
    kind: 'failure',
    operation: 'submitApplication',
    name: failure?.name ?? 'HttpError',
    message: failure?.message ?? 'No answer',
    stack: failure?.stack,
  });
  return { kind: 'error', url: FAILURE_URL };
}

const submissions = new Map<string, Promise<Outcome>>();

/**
 * Sends the application (docs/product.md §4, §7) and resolves with where to go next. A submission key is
 * sent once at a time: a double click, or a second call while the first is waiting, gets the
 * first call's outcome. After a failure the same key can be sent again ("Try again"): the
 * server stores it once. Resolves null, sending nothing, unless the terms are agreed.
 */
export function submitApplication(
  options: Partial<SubmitDependencies> = {},
): Promise<Outcome | null> {
  const deps: SubmitDependencies = { ...defaultDependencies, ...options };
  const state = getApplication();
  if (!canSubmit(state)) return Promise.resolve(null);
  const payload: SubmissionPayloadDraft = {
    ...buildSubmissionPayload(state, {
      brand: currentBrand(),
      isCompleted: true,
      today: today(),
      disclosures: disclosuresFor(state),
    }),
    termsAndConditionsAgreed: true,
  };
  const key = payload.submissionKey;
  let pending = submissions.get(key);
  if (!pending) {
    // No partial save for this key from now on (decision record 0015).
    markFullSubmissionStarted(key);
    // lockDown: nothing can be changed while the application is on its way.
    setField('lockDown', true);
    pending = send(state, payload, deps);
    submissions.set(key, pending);
    // Settled: a failure may be tried again; an outcome cleared the answers and the key with them.
    const settled = () => void submissions.delete(key);
    pending.then(settled, settled);
  }
  return pending;
}

/** In-app outcome pages are routes; a configured external page is a full navigation. */
export function goToOutcome(
  outcome: Outcome,
  navigate: (to: string, options: { replace: boolean }) => unknown,
): void {
  if (outcome.url.startsWith('/') && !outcome.url.startsWith('//')) {
    void navigate(outcome.url, { replace: true });
  } else {
    window.location.assign(outcome.url);
  }
}
