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
import { track } from '../analytics/track';
import { clearSession, getApplication, setField } from '../state/application-store';
import { intakeApplication } from '../state/start';
import { isRecord, requestJson } from './http';
import { loadConfig } from './config';
import { apiBaseOf } from './api-base';
import { reportClientError } from './client-errors';
import { parseQuote, storeQuote } from '../features/quote/quote-store';

/**
 * Waits before each retry of a submission that got no answer or a gateway error (502, 503,
 * 504): about 7 s in all, enough to ride out a proxy or server restart while the visitor is
 * still watching the button. The same submission key is sent each time and the server treats
 * it idempotently (DESIGN §3), so a retry can never create a second application.
 */
export const SUBMIT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];
const RETRY_STATUSES = new Set([502, 503, 504]);
/** The server answers in milliseconds (DESIGN §5); 20 s without an answer is a failure. */
const SUBMIT_TIMEOUT_MS = 20_000;

export interface SubmitDependencies {
  sleep: (ms: number) => Promise<void>;
}

const defaultDependencies: SubmitDependencies = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Reads the answer by hand (zod would outweigh the submit screen): SPEC §3's fields. */
export function parseSubmissionResponse(data: unknown): SubmissionResponse | null {
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
  };
}

class SubmissionFailure extends Error {
  override name = 'SubmissionFailure';
}

async function postWithRetry(
  url: string,
  body: unknown,
  deps: SubmitDependencies,
): Promise<SubmissionResponse> {
  for (let attempt = 0; ; attempt += 1) {
    let retryable: string;
    try {
      const response = await requestJson('POST', url, body, { timeoutMs: SUBMIT_TIMEOUT_MS });
      if (response.status === 200) {
        const parsed = parseSubmissionResponse(response.data);
        if (!parsed) throw new SubmissionFailure('The submission answer was not understood');
        return parsed;
      }
      if (!RETRY_STATUSES.has(response.status)) {
        throw new SubmissionFailure(`The submission answered ${response.status}`);
      }
      retryable = `The submission answered ${response.status}`;
    } catch (error) {
      if (error instanceof SubmissionFailure) throw error;
      retryable = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    const delay = SUBMIT_RETRY_DELAYS_MS[attempt];
    if (delay === undefined) throw new SubmissionFailure(retryable);
    await deps.sleep(delay);
  }
}

const OUTCOME_EVENTS = {
  approved: ANALYTICS_EVENT_TYPES.applicationApproval,
  declined: ANALYTICS_EVENT_TYPES.applicationDecline,
  duplicate: ANALYTICS_EVENT_TYPES.applicationDuplicate,
  error: ANALYTICS_EVENT_TYPES.applicationError,
} as const;

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
  let failure: unknown = null;
  try {
    const url = `${apiBaseOf(config?.apiBase ?? '')}/api/submission/${encodeURIComponent(key)}`;
    response = await postWithRetry(url, payload, deps);
  } catch (error) {
    failure = error;
  }
  // SPEC §4: storage is cleared after any response, and after a failure.
  clearSession(intakeApplication(null));
  // The thank-you page shows an approval's quote, so it is kept apart from the answers.
  if (response?.quote && response.applicationId) {
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
    [ANALYTICS_PROPERTY_KEYS.dealerNumber]: response?.dealerNumber ?? null,
    [ANALYTICS_PROPERTY_KEYS.accountStatus]: response?.accountStatus ?? null,
    ...(outcome.kind === 'error' && { status: ANALYTICS_FAILURE_STATUS }),
  });
  if (outcome.kind === 'error') {
    track(ANALYTICS_EVENTS.submissionError, { [ANALYTICS_PROPERTY_KEYS.submissionKey]: key });
    const error =
      failure instanceof Error ? failure : new Error('The submission could not be processed');
    reportClientError({
      kind: 'failure',
      operation: 'submitApplication',
      message: error.message,
      name: error.name,
      stack: error.stack,
    });
  }
  return outcome;
}

const submissions = new Map<string, Promise<Outcome>>();

/**
 * Sends the application (SPEC §4, §7) and resolves with where to go next. Each submission
 * key is sent once per page: a double click, or a second call while the first is waiting,
 * gets the first call's outcome. Resolves null, sending nothing, unless the terms are agreed.
 */
export function submitApplication(
  deps: SubmitDependencies = defaultDependencies,
): Promise<Outcome | null> {
  const state = getApplication();
  if (!canSubmit(state)) return Promise.resolve(null);
  const payload: SubmissionPayloadDraft = {
    ...buildSubmissionPayload(state, { brand: currentBrand(), isCompleted: true }),
    termsAndConditionsAgreed: true,
  };
  let pending = submissions.get(payload.submissionKey);
  if (!pending) {
    // lockDown: nothing can be changed while the application is on its way.
    setField('lockDown', true);
    pending = send(state, payload, deps);
    submissions.set(payload.submissionKey, pending);
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
