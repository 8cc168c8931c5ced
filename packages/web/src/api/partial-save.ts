import { buildSubmissionPayload, canSubmit, type ApplicationState } from '@broker/domain';
import { currentBrand } from '../lib/brand';
import { today } from '../lib/today';
import { fullSubmissionStarted } from '../lib/full-submission';
import { apiUrl } from './api-base';
import { disclosuresFor } from '../evidence/recorder';
import { RequestFailure, requestJson } from './http';
import { reportError } from './client-errors';

/**
 * POST /api/submission/partial/{key} (docs/product.md §7): only once the terms are agreed (docs/product.md §4; the
 * applicant agrees on the contact screen, decision record 0015), and never once the full
 * submission of that key has started. The answer is not used; a failure is logged and
 * reported, and the visitor sees nothing.
 */
export async function savePartial(state: ApplicationState): Promise<void> {
  if (!canSubmit(state)) return;
  try {
    const payload = buildSubmissionPayload(state, {
      brand: currentBrand(),
      isCompleted: false,
      today: today(),
      disclosures: disclosuresFor(state),
    });
    if (fullSubmissionStarted(payload.submissionKey)) return;
    const url = await apiUrl(
      `/api/submission/partial/${encodeURIComponent(payload.submissionKey)}`,
    );
    const response = await requestJson('POST', url, payload);
    if (response.status === 429) throw new RequestFailure('RateLimited', 'HTTP 429');
    if (!response.ok) throw new RequestFailure('HttpError', `HTTP ${response.status}`);
  } catch (error) {
    console.warn('Partial save failed', error);
    reportError(error, 'failure', 'partialSave');
  }
}
