import { create } from 'zustand';

/** PECR: analytics cookies and tags only after the visitor says yes (DESIGN D14). */
export const CONSENT_COOKIE = 'cookie_consent';
export type Consent = 'accepted' | 'rejected';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readConsent(cookies: string = document.cookie): Consent | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE && (value === 'accepted' || value === 'rejected')) return value;
  }
  return null;
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
