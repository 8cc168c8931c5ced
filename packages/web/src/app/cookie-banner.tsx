import { memo, useEffect, useRef } from 'react';
import { hideCookieConfirmation, setConsent, useConsentStore } from '../analytics/consent';
import { CookiePolicyLink } from './cookie-policy-dialog';

/**
 * GOV.UK cookie banner: analytics only after Accept (PECR, docs/design.md D14). Memoised: it changes
 * with the consent store, not with the page.
 */
export const CookieBanner = memo(function CookieBanner({ serviceName }: { serviceName: string }) {
  const { consent, justChosen, reopened } = useConsentStore();
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justChosen) confirmation.current?.focus();
  }, [justChosen]);

  if (justChosen && consent !== null) {
    return (
      <div className="cookie-banner" role="region" aria-label={`Cookies on ${serviceName}`}>
        <div className="width-container">
          <div ref={confirmation} className="cookie-banner__message" role="alert" tabIndex={-1}>
            <p>
              You&apos;ve {consent === 'accepted' ? 'accepted' : 'rejected'} analytics cookies. You
              can <CookiePolicyLink>change your cookie settings</CookiePolicyLink> at any time.
            </p>
          </div>
          <div className="button-group">
            <button
              type="button"
              className="button button--secondary"
              onClick={hideCookieConfirmation}
            >
              Hide cookie message
            </button>
          </div>
        </div>
      </div>
    );
  }
  if (consent !== null && !reopened) return null;
  return (
    <div
      id="cookie-banner"
      className="cookie-banner"
      role="region"
      aria-label={`Cookies on ${serviceName}`}
    >
      <div className="width-container">
        <h2 className="heading-m" tabIndex={-1}>
          Cookies on {serviceName}
        </h2>
        <p>We use some essential cookies to make this service work.</p>
        <p>
          We&apos;d also like to use analytics cookies so we can understand how you use the service
          and make improvements.
        </p>
        <div className="button-group">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setConsent('accepted')}
          >
            Accept analytics cookies
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setConsent('rejected')}
          >
            Reject analytics cookies
          </button>
          <CookiePolicyLink className="link">View cookies</CookiePolicyLink>
        </div>
      </div>
    </div>
  );
});
