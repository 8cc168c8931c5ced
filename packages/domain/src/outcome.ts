/**
 * Where the browser goes after a full submission (docs/product.md §4 "Submission", in its exact order).
 */
import { outcomeUrls, type Brand } from './brands.js';
import { ACCOUNT_STATUS } from './account-status.js';
import type { SubmissionResponse } from './schemas.js';

/** docs/product.md §6. */
export const FEATURE_FLAGS = {
  PCAPostCodeLookup: true,
  RedirectToCustomerPortal: true,
} as const;

/** docs/product.md §6: the variant that enables the customer-portal flow. */
export const PORTAL_VARIANT = 'CDJ-MVP';

export type OutcomeKind = 'approved' | 'declined' | 'duplicate' | 'error';

export interface Outcome {
  kind: OutcomeKind;
  url: string;
}

export interface OutcomeContext {
  brand: Brand;
  variant: string | null;
  /** FEATURE_FLAGS.RedirectToCustomerPortal in production; a parameter so tests can turn it off. */
  redirectToCustomerPortal: boolean;
  portal: { thankYouUrl: string; welcomeBackUrl: string };
}

/**
 * Adds query parameters to an absolute ('https://x/y?a=1#top') or app-relative ('/complete')
 * URL, keeping any existing query and fragment. Null, undefined and empty values are left out.
 */
export function withQuery(
  base: string,
  params: Readonly<Record<string, string | number | null | undefined>>,
): string {
  const pairs = Object.entries(params)
    .filter((entry): entry is [string, string | number] => entry[1] != null && entry[1] !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  if (pairs.length === 0) return base;
  const hashAt = base.indexOf('#');
  const path = hashAt === -1 ? base : base.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : base.slice(hashAt);
  const separator = !path.includes('?') ? '?' : /[?&]$/.test(path) ? '' : '&';
  return `${path}${separator}${pairs.join('&')}${hash}`;
}

export function resolveOutcome(response: SubmissionResponse | null, ctx: OutcomeContext): Outcome {
  const urls = outcomeUrls(ctx.brand);
  if (response === null) return { kind: 'error', url: urls.error };
  // docs/decisions/0030-application-reference.md: each outcome page shows the short reference.
  const ref = response.reference;
  if (response.duplicateRequest)
    return { kind: 'duplicate', url: withQuery(urls.duplicate, { ref }) };
  if (response.declineReason != null)
    return { kind: 'declined', url: withQuery(urls.decline, { ref }) };
  if (!response.quoteValid && !response.quoteProcessed) return { kind: 'error', url: urls.error };

  const thankYou: Outcome = {
    kind: 'approved',
    url: withQuery(urls.thankYou, { evoId: response.applicationId, ref }),
  };
  if (ctx.variant !== PORTAL_VARIANT || !ctx.redirectToCustomerPortal) return thankYou;

  const { accountStatus, otp, dealerNumber } = response;
  if (accountStatus === ACCOUNT_STATUS.New && otp) {
    return { kind: 'approved', url: withQuery(ctx.portal.thankYouUrl, { otp, dealerNumber }) };
  }
  if (accountStatus === ACCOUNT_STATUS.PendingVerification && !otp) {
    return { kind: 'approved', url: withQuery(ctx.portal.welcomeBackUrl, { dealerNumber }) };
  }
  // A missing accountStatus and every other case both go to the thank-you page.
  return thankYou;
}
