import type { Brand, ReviewRating, ReviewSite } from './brands.js';

// Its own module, so the pop-up's chunk carries it rather than the first screen's script.
// A brand shows a badge only for its own page on a review site (docs/decisions/0078-the-first-screen-and-the-pop-up.md):
// a link to the site's home page sends people looking for reviews that are not there.

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

/** An https page of its own on the site: a path beyond the site's home page. */
function isOwnPage(value: unknown): value is string {
  if (!isHttpsUrl(value)) return false;
  return new URL(value).pathname.replace(/\/+$/, '') !== '';
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
 * score, the number of reviews, the date and a link; otherwise the site and a link to the
 * brand's page there, with no score; nothing when the brand configures no review page (a site
 * without a name, a link that is not https or is only the site's home page).
 */
export function reviewBadge(brand: Brand): ReviewBadge | null {
  const reviews = brand.reviews;
  if (reviews === undefined) return null;
  if (reviews.site.name.trim() === '' || !isOwnPage(reviews.site.url)) return null;
  const { rating, site } = reviews;
  if (!isSubstantiated(rating)) return { kind: 'site', site };
  return { kind: 'rating', site, ...rating };
}
