/**
 * SPEC §1's review-site badge, drawn here: no third-party script or logo. The rating shown
 * must be the deployment's real one; change it with the review site's figures.
 */
export const REVIEW_RATING = { word: 'Excellent', stars: 5 } as const;

const STAR = 'M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7-6.2-3.7-6.2 3.7 1.6-7L2 9.2l7.1-.6z';

export function ReviewBadge() {
  return (
    <div className="review-badge">
      <svg
        className="review-badge__stars"
        role="img"
        aria-label={`${REVIEW_RATING.stars} out of 5 stars`}
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
            className={
              index < REVIEW_RATING.stars ? 'review-badge__star' : 'review-badge__star--empty'
            }
          />
        ))}
      </svg>
      <p className="review-badge__text">
        <strong>Rated {REVIEW_RATING.word}</strong> in independent customer reviews
      </p>
    </div>
  );
}
