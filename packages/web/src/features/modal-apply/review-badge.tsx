import type { ReviewBadge as Badge } from '@broker/domain';

/**
 * docs/product.md §1's review-site badge, drawn here: no third-party script or logo. A score is shown
 * only from the brand's configuration with its evidence (the domain's `reviewBadge`); without
 * it the badge names the review site and links to it
 * (docs/decisions/0011-secured-disclosure-from-the-frame.md).
 */

const STAR = 'M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7-6.2-3.7-6.2 3.7 1.6-7L2 9.2l7.1-.6z';

const COUNT = new Intl.NumberFormat('en-GB');
const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 4.7 → '4.7', 5 → '5'. */
function score(value: number): string {
  return String(Number(value.toFixed(1)));
}

function SiteLink({ href, name }: { href: string; name: string }) {
  return (
    <a href={href} rel="noopener noreferrer" target="_blank">
      Read our reviews on {name}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** Whole stars only, rounded down: the picture never says more than the score. */
function Stars({ value }: { value: number }) {
  const full = Math.floor(value);
  return (
    <svg
      className="review-badge__stars"
      role="img"
      aria-label={`${score(value)} out of 5 stars`}
      viewBox="0 0 120 24"
      width="120"
      height="24"
      focusable="false"
    >
      {[0, 1, 2, 3, 4].map((index) => (
        <path
          key={index}
          d={STAR}
          transform={`translate(${index * 24} 0)`}
          className={index < full ? 'review-badge__star' : 'review-badge__star--empty'}
        />
      ))}
    </svg>
  );
}

export function ReviewBadge({ badge }: { badge: Badge | null }) {
  if (badge === null) return null;
  if (badge.kind === 'site') {
    return (
      <div className="review-badge">
        <p className="review-badge__text">
          <SiteLink href={badge.site.url} name={badge.site.name} />
        </p>
      </div>
    );
  }
  const reviews = badge.reviewCount === 1 ? 'review' : 'reviews';
  return (
    <div className="review-badge">
      <Stars value={badge.score} />
      <p className="review-badge__text">
        Rated {score(badge.score)} out of 5 on {badge.site.name} from{' '}
        {COUNT.format(badge.reviewCount)} {reviews}, as at {DAY.format(new Date(badge.asOf))}.{' '}
        <SiteLink href={badge.url} name={badge.site.name} />
      </p>
    </div>
  );
}
