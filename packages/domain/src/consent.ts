/**
 * PECR: analytics cookies and tags only after the visitor says yes (docs/design.md D14). The browser
 * keeps the answer in this cookie; the server reads it too, to send the first screen without
 * the cookie banner to a visitor who has answered it (decision 0010).
 */
export const CONSENT_COOKIE = 'cookie_consent';

export type Consent = 'accepted' | 'rejected';

/** The answer in a Cookie header or `document.cookie` (`name=value; name=value`), if any. */
export function consentFromCookies(cookies: string): Consent | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE && (value === 'accepted' || value === 'rejected')) return value;
  }
  return null;
}
