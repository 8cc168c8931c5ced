import { loadConfig } from './config';

/**
 * The application API's base, as GET /api/config gives it: '' (this page's origin, the
 * default) or an http(s) URL. Anything else counts as '', so a broken answer cannot send the
 * applicant's data elsewhere
 * (docs/decisions/0012-affiliate-host-and-api-base-from-configuration.md).
 */
export function apiBaseOf(value: string): string {
  if (value === '' || !URL.canParse(value)) return '';
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return '';
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** The URL of an API path ('/api/…') under the configured base; same origin until it is known. */
export async function apiUrl(path: string): Promise<string> {
  const config = await loadConfig();
  return `${apiBaseOf(config?.apiBase ?? '')}${path}`;
}
