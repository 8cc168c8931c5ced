import { funnelBranch, parseStepPath } from '@broker/domain';
import type { ApplicationState, FunnelStep } from '@broker/domain';
import { apiUrl } from '../api/api-base';
import { FUNNEL_STORAGE_KEY } from '../state/storage';
import { readConsent } from './consent';

export { FUNNEL_STORAGE_KEY };

/**
 * The funnel's step reports (docs/funnel.md, decision 0035). Once per step per application the
 * page posts `{step, branch, affiliate}` to POST /api/funnel with sendBeacon: no cookie, no key,
 * nothing about the applicant. The steps already reported for the application in this tab are
 * kept in sessionStorage under FUNNEL_STORAGE_KEY, with the application's GUID so a new
 * application starts afresh; the tab's session ends them, and so does clearing the answers
 * (state/storage.ts). A visitor who rejected analytics
 * cookies has objected, and nothing is reported (PECR Schedule A1's statistical purposes
 * exception asks for a simple means of objecting: decision 0035).
 */

/** The funnel step a path shows: a journey step (any entry of a numbered one) or an outcome. */
export function funnelStepOf(pathname: string): FunnelStep | null {
  if (pathname === '/declined' || pathname === '/duplicate') return pathname.slice(1) as FunnelStep;
  return parseStepPath(pathname)?.id ?? null;
}

interface Reported {
  a: string | null;
  s: string[];
}

function readReported(application: string | null): Reported {
  try {
    const stored = JSON.parse(
      window.sessionStorage.getItem(FUNNEL_STORAGE_KEY) ?? 'null',
    ) as Reported | null;
    if (stored && stored.a === application && Array.isArray(stored.s)) return stored;
  } catch {
    // Unreadable or blocked storage: report as if nothing was reported yet.
  }
  return { a: application, s: [] };
}

/** Reports reaching the page at `pathname`, unless this application already reported it. */
export async function reportFunnelStep(pathname: string, state: ApplicationState): Promise<void> {
  if (readConsent() === 'rejected') {
    // The visitor objected: the steps kept to count each once (and the GUID) go too, at the
    // first page change after the choice (decision 0044).
    try {
      window.sessionStorage.removeItem(FUNNEL_STORAGE_KEY);
    } catch {
      // Blocked storage holds nothing to remove.
    }
    return;
  }
  const step = funnelStepOf(pathname);
  if (step === null || typeof navigator.sendBeacon !== 'function') return;
  const reported = readReported(state.GUID);
  if (reported.s.includes(step)) return;
  reported.s.push(step);
  try {
    window.sessionStorage.setItem(FUNNEL_STORAGE_KEY, JSON.stringify(reported));
  } catch {
    // Without storage a reload may count a step twice; the count is still no one's data.
  }
  const body = JSON.stringify({
    step,
    branch: funnelBranch(state),
    affiliate: state.affiliateConfig,
  });
  navigator.sendBeacon(await apiUrl('/api/funnel'), body);
}
