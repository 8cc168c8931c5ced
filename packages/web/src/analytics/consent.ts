import { create } from 'zustand';
import { CONSENT_COOKIE, consentFromCookies, type Consent } from '@broker/domain';
import { markAgreed } from '../evidence/recorder';

export { CONSENT_COOKIE, type Consent };

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** PECR: analytics cookies and tags only after the visitor says yes (docs/design.md D14). */
export function readConsent(cookies: string = document.cookie): Consent | null {
  return consentFromCookies(cookies);
}

interface ConsentStore {
  consent: Consent | null;
  /** Set when the visitor has just chosen, so the banner can confirm the choice. */
  justChosen: boolean;
  /** Opened again from 'Cookie settings' after a choice was made. */
  reopened: boolean;
}

export const useConsentStore = create<ConsentStore>()(() => ({
  consent: readConsent(),
  justChosen: false,
  reopened: false,
}));

export function setConsent(consent: Consent): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${consent}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
  useConsentStore.setState({ consent, justChosen: true, reopened: false });
  markAgreed('cookies', consent === 'accepted');
}

export function hasAnalyticsConsent(): boolean {
  return useConsentStore.getState().consent === 'accepted';
}

export function reopenCookieBanner(): void {
  useConsentStore.setState({ reopened: true, justChosen: false });
  // The banner sits at the top of the page: take the visitor (and their focus) to it.
  requestAnimationFrame(() => {
    const banner = document.getElementById('cookie-banner');
    banner?.scrollIntoView();
    banner?.querySelector<HTMLElement>('h2')?.focus();
  });
}

export function hideCookieConfirmation(): void {
  useConsentStore.setState({ justChosen: false });
}
