import type { Brand, BrandReviews, ReviewRating, ReviewSite } from './brands.js';

// Its own module, so the pop-up's chunk carries it rather than the first screen's script.

/**
 * The review site the badge names for a brand that configures none: no brand ships with a
 * score (an unsubstantiated claim otherwise).
 */
export const DEFAULT_REVIEWS: BrandReviews = {
  site: { name: 'Trustpilot', url: 'https://uk.trustpilot.com/' },
};

/** What the pop-up's review badge may say: the site alone, or a rating with its evidence. */
export type ReviewBadge =
  { kind: 'site'; site: ReviewSite } | ({ kind: 'rating'; site: ReviewSite } & ReviewRating);

function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function isSubstantiated(rating: ReviewRating | undefined): rating is ReviewRating {
  return (
    rating !== undefined &&
    Number.isFinite(rating.score) &&
    rating.score > 0 &&
    rating.score <= 5 &&
    Number.isInteger(rating.reviewCount) &&
    rating.reviewCount > 0 &&
    isCalendarDay(rating.asOf) &&
    isHttpsUrl(rating.url)
  );
}

/**
 * The badge for a brand: a rating only when the brand's configuration names the site, the
 * score, the number of reviews, the date and a link; otherwise the site and a link to it, with
 * no score; nothing when the configured site has no name or no https link.
 */
export function reviewBadge(brand: Brand): ReviewBadge | null {
  const reviews = brand.reviews ?? DEFAULT_REVIEWS;
  if (reviews.site.name.trim() === '' || !isHttpsUrl(reviews.site.url)) return null;
  const { rating, site } = reviews;
  if (!isSubstantiated(rating)) return { kind: 'site', site };
  return { kind: 'rating', site, ...rating };
}
