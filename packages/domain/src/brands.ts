/**
 * The white-label brand profiles of docs/product.md §3 as one table, and how a host selects one
 * (docs/design.md D3). Outcome and policy URLs are the app's own pages (docs/design.md D4); a deployment that
 * uses external pages changes this table.
 */

export interface Brand {
  name: string;
  /** Theme colour behind white text, so at least 4.5:1 contrast with white (WCAG 1.4.3). */
  colour: string;
  gtmKey: string;
  affiliateKey: string;
  logoName: string;
  privacyPolicyUrl: string;
  termsAndConditionsUrl: string;
  thankYouPageUrl: string;
  repApr: string;
  declinePageUrl?: string;
  errorPageUrl?: string;
  duplicatePageUrl?: string;
  askDepositAndLookingToPurchaseQuestions?: boolean;
  /**
   * The first host label that shows the representative-example pop-up on load (docs/product.md §1's
   * modal-apply host); `MODAL_APPLY_KEY` when not set.
   */
  modalApplyHostLabel?: string;
  /**
   * The brand's own page on a review site, which the pop-up's badge links to, and the rating it
   * may show (`reviewBadge`); no badge when not set.
   */
  reviews?: BrandReviews;
}

export interface ReviewSite {
  name: string;
  /** The brand's own page on the review site (https, not the site's home page). */
  url: string;
}

/**
 * A published rating, with what substantiates it: the score, the number of reviews behind it,
 * the day it was read and a link to it (docs/decisions/0011-secured-disclosure-from-the-frame.md).
 */
export interface ReviewRating {
  /** Out of 5, as the review site shows it. */
  score: number;
  reviewCount: number;
  /** The day the figures were read from the site, YYYY-MM-DD. */
  asOf: string;
  /** Where the rating can be checked (https). */
  url: string;
}

export interface BrandReviews {
  site: ReviewSite;
  /** Leave out unless every figure is the site's own, as of `asOf`. */
  rating?: ReviewRating;
}

export interface DefaultBrand extends Brand {
  declinePageUrl: string;
  errorPageUrl: string;
  duplicatePageUrl: string;
  askDepositAndLookingToPurchaseQuestions: boolean;
}

export type BrandKey = 'default' | 'progressive' | 'scoreright' | 'bureauplus';

export const REPRESENTATIVE_EXAMPLE_TEXT =
  'Representative example: borrowing £7,500 over 48 months at a representative APR of 18.4% ' +
  'gives £216.45 a month, total cost of credit £2,889.60 and total payable £10,389.60.';

export const SHORT_REPRESENTATIVE_APR_TEXT = 'Representative 18.4% APR';

const APP_PAGES = {
  privacyPolicyUrl: '/privacy-policy',
  termsAndConditionsUrl: '/terms-and-conditions',
  thankYouPageUrl: '/complete',
} as const;

// The tag-manager keys are placeholders: a deployment sets its own containers.
export const BRANDS: Readonly<
  { default: DefaultBrand } & Record<Exclude<BrandKey, 'default'>, Brand>
> = {
  default: {
    name: 'Evo Finance',
    colour: '#1d4f91',
    gtmKey: 'GTM-DEFAULT',
    affiliateKey: 'default',
    logoName: 'default.svg',
    ...APP_PAGES,
    repApr: REPRESENTATIVE_EXAMPLE_TEXT,
    declinePageUrl: '/declined',
    errorPageUrl: '/error',
    duplicatePageUrl: '/duplicate',
    askDepositAndLookingToPurchaseQuestions: true,
  },
  progressive: {
    name: 'Progressive Finance',
    colour: '#5b2a86',
    gtmKey: 'GTM-PROGRSV',
    affiliateKey: 'progressive',
    logoName: 'progressive.svg',
    ...APP_PAGES,
    repApr: REPRESENTATIVE_EXAMPLE_TEXT,
  },
  scoreright: {
    name: 'ScoreRight Finance',
    colour: '#00695c',
    gtmKey: 'GTM-SCRRGHT',
    affiliateKey: 'scoreright',
    logoName: 'scoreright.svg',
    ...APP_PAGES,
    repApr: SHORT_REPRESENTATIVE_APR_TEXT,
  },
  bureauplus: {
    name: 'BureauPlus Finance',
    colour: '#a3123a',
    gtmKey: 'GTM-BUREAUP',
    affiliateKey: 'bureauplus',
    logoName: 'bureauplus.svg',
    ...APP_PAGES,
    repApr: SHORT_REPRESENTATIVE_APR_TEXT,
  },
};

export const BRAND_LIST: readonly Brand[] = Object.values(BRANDS);

/** Lower-cased host name without port, IPv6 brackets or trailing dot. */
export function normaliseHost(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end === -1 ? h.slice(1) : h.slice(1, end);
  }
  const colon = h.indexOf(':');
  // More than one colon is a bare IPv6 address, not host:port.
  const name = colon !== -1 && h.indexOf(':', colon + 1) === -1 ? h.slice(0, colon) : h;
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

export function firstHostLabel(host: string): string {
  return normaliseHost(host).split('.')[0] ?? '';
}

export function brandForHost(host: string): Brand {
  const label = firstHostLabel(host);
  const byKey = BRAND_LIST.find((brand) => brand.affiliateKey === label);
  if (byKey) return byKey;
  if (normaliseHost(host).includes('progressive')) return BRANDS.progressive;
  return BRANDS.default;
}

export interface OutcomeUrls {
  thankYou: string;
  decline: string;
  error: string;
  duplicate: string;
}

/** Only the default brand has decline, error and duplicate pages; others use its (docs/design.md D3). */
export function outcomeUrls(brand: Brand): OutcomeUrls {
  const fallback = BRANDS.default;
  return {
    thankYou: brand.thankYouPageUrl,
    decline: brand.declinePageUrl ?? fallback.declinePageUrl,
    error: brand.errorPageUrl ?? fallback.errorPageUrl,
    duplicate: brand.duplicatePageUrl ?? fallback.duplicatePageUrl,
  };
}

/**
 * The first host label that shows the representative-example pop-up on load (docs/product.md §1's
 * "modal-apply" host), unless the host's brand names another (`modalApplyHostLabel`).
 */
export const MODAL_APPLY_KEY = 'modal-apply';

export function isModalApplyHost(host: string): boolean {
  const label = firstHostLabel(host);
  return label !== '' && label === (brandForHost(host).modalApplyHostLabel ?? MODAL_APPLY_KEY);
}
