import { buildSubmissionPayload, canSubmit, type ApplicationState } from '@broker/domain';
import { currentBrand } from '../lib/brand';
import { requestJson } from './http';
import { apiUrl } from './api-base';
import { reportError } from './client-errors';

/**
 * POST /api/submission/partial/{key} (SPEC §7): only once the terms are agreed (SPEC §4). The
 * answer is not used; a failure is logged and reported, and the visitor sees nothing.
 */
export async function savePartial(state: ApplicationState): Promise<void> {
  if (!canSubmit(state)) return;
  try {
    const payload = buildSubmissionPayload(state, { brand: currentBrand(), isCompleted: false });
    const url = await apiUrl(
      `/api/submission/partial/${encodeURIComponent(payload.submissionKey)}`,
    );
    const response = await requestJson('POST', url, payload);
    if (!response.ok) throw new Error(`Partial save answered ${response.status}`);
  } catch (error) {
    console.warn('Partial save failed', error);
    reportError(error, 'failure', 'partialSave');
  }
}
