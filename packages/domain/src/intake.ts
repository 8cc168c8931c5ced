/**
 * docs/product.md §4 Start: a fresh state filled from the host, browser, clock, GUID, query string
 * (docs/product.md §7) and attribution cookies, keeping the answers of a restored state.
 *
 * Everything here arrives from the address bar or a cookie, so every value is treated as
 * hostile: decoded without throwing, stripped of control characters, trimmed and capped.
 * Unknown parameters are ignored; parameter and cookie names are matched case-insensitively;
 * when a name repeats, the first occurrence wins (as URLSearchParams.get does).
 */
import { brandForHost, normaliseHost } from './brands.js';
import { createInitialState } from './journey/defaults.js';
import { GUID_PATTERN, restoreState, serialiseState } from './journey/restore.js';
import type { ApplicationState, UtmParameters, Vehicle } from './journey/shape.js';
import { vehicleTypeForHost } from './vehicle-type.js';

export interface IntakeInput {
  /** location.host */
  host: string;
  userAgent: string;
  /** document.referrer: a full URL, or '' */
  referrer: string;
  now: Date;
  /** A fresh v4 GUID; used only when the restored state has none. */
  guid: string;
  /** location.search */
  query: string;
  /** document.cookie */
  cookies: string;
}

export const MAX_PARAMETER_LENGTH = 200;
const MAX_HOST_LENGTH = 260;
// Real user-agent strings can exceed 200 characters; 512 keeps them whole.
const MAX_USER_AGENT_LENGTH = 512;
// An image URL cut short is a broken link, so a longer one is refused rather than capped.
const MAX_IMAGE_URL_LENGTH = 2048;

type UtmKey = 'source' | 'medium' | 'term' | 'content' | 'campaign' | 'keyword' | 'type';

/** Query parameters and, when the query has no utm_source, cookies of the same names. */
const UTM_NAMES: readonly (readonly [string, UtmKey])[] = [
  ['utm_source', 'source'],
  ['utm_medium', 'medium'],
  ['utm_term', 'term'],
  ['utm_content', 'content'],
  ['utm_campaign', 'campaign'],
  ['utm_keyword', 'keyword'],
  ['utm_type', 'type'],
];
export const EVO_SOURCE_COOKIE = 'evo2_source';

const TRACKING_PARAMETERS = ['evsrc', 'evcmp', 'evrfd', 'sid'] as const;

const VEHICLE_TEXT_PARAMETERS = [
  'vrm',
  'year',
  'make',
  'model',
  'fuel',
  'transmission',
  'colour',
] as const satisfies readonly (keyof Vehicle)[];

// C0/C1 controls, plus the invisible direction marks and overrides that can disguise text.
function isUnsafeCodePoint(cp: number): boolean {
  return (
    cp <= 0x1f ||
    (cp >= 0x7f && cp <= 0x9f) ||
    cp === 0x200e ||
    cp === 0x200f ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069)
  );
}

/** Control characters dropped, trimmed, capped at `max` characters; blank gives null. */
export function cleanText(raw: string, max: number = MAX_PARAMETER_LENGTH): string | null {
  const safe = Array.from(raw)
    .filter((ch) => !isUnsafeCodePoint(ch.codePointAt(0) ?? 0))
    .join('')
    .trim();
  const capped = Array.from(safe).slice(0, max).join('').trim();
  return capped === '' ? null : capped;
}

/** decodeURIComponent that never throws: a malformed escape is kept as typed. */
function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

function parsePairs(
  text: string,
  separator: string,
  decode: (raw: string) => string,
): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const part of text.split(separator)) {
    const eq = part.indexOf('=');
    const name = decode(eq === -1 ? part : part.slice(0, eq))
      .trim()
      .toLowerCase();
    if (name === '' || pairs.has(name)) continue;
    pairs.set(name, decode(eq === -1 ? '' : part.slice(eq + 1)));
  }
  return pairs;
}

/** location.search: `+` is a space, as in HTML form encoding. */
export function parseQuery(query: string): Map<string, string> {
  const text = query.startsWith('?') ? query.slice(1) : query;
  return parsePairs(text, '&', (raw) => safeDecode(raw.replace(/\+/g, ' ')));
}

/** document.cookie: `name=value; name=value`, values optionally quoted and percent-encoded. */
export function parseCookies(cookies: string): Map<string, string> {
  return parsePairs(cookies, ';', (raw) => {
    const value = raw.trim();
    const unquoted =
      value.length >= 2 && value.startsWith('"') && value.endsWith('"')
        ? value.slice(1, -1)
        : value;
    return safeDecode(unquoted);
  });
}

/** A plain decimal amount; '£' and thousands commas are allowed, as people type them. */
function parseAmount(text: string | null): number | null {
  if (text === null) return null;
  const plain = text.replace(/[£,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(plain)) return null;
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}

function isIpAddress(name: string): boolean {
  return name.includes(':') || /^[0-9.]+$/.test(name);
}

/** The first label of a multi-label host name; null for localhost, an IP address or blank. */
export function subdomainOf(host: string): string | null {
  const name = normaliseHost(host);
  if (isIpAddress(name)) return null;
  const labels = name.split('.');
  if (labels.length < 2) return null;
  return labels[0] || null;
}

/** The host name of a referrer URL, or null when it is blank or not a web address. */
export function referrerHost(referrer: string): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(referrer.trim());
  if (!match) return null;
  const authority = match[1] ?? '';
  const name = normaliseHost(authority.slice(authority.lastIndexOf('@') + 1));
  if (name === '' || name.length > 253) return null;
  return /^[a-z0-9.-]+$/.test(name) || /^[0-9a-f:.]+$/.test(name) ? name : null;
}

function isHttpUrl(text: string): boolean {
  return /^https?:\/\/[^\s/?#]+/i.test(text);
}

export function intake(previous: ApplicationState | null, input: IntakeInput): ApplicationState {
  const state = (previous && restoreState(serialiseState(previous))) ?? createInitialState();
  const { form } = state;
  const nowIso = input.now.toISOString();

  const host = cleanText(input.host, MAX_HOST_LENGTH)?.toLowerCase() ?? null;
  state.host = host;
  form.hostAddress = host;
  state.subdomain = host === null ? null : subdomainOf(host);
  form.urlPrefix = state.subdomain;
  state.affiliateConfig = brandForHost(host ?? '').affiliateKey;
  form.vehicleType = vehicleTypeForHost(host ?? '');
  form.userAgent = cleanText(input.userAgent, MAX_USER_AGENT_LENGTH);
  state.referrer = referrerHost(input.referrer);
  state.appliedDate = nowIso;
  // A reload keeps the moment the application began.
  form.applicationStartDate = form.applicationStartDate ?? nowIso;

  // A reload keeps the submission key, so a resent application stays idempotent.
  const key =
    [state.GUID, state.applicationKey, form.sessionId].find(
      (id): id is string => id !== null && GUID_PATTERN.test(id),
    ) ?? input.guid;
  state.GUID = key;
  state.applicationKey = key;
  form.sessionId = key;

  const query = parseQuery(input.query);
  const param = (name: string): string | null => {
    const raw = query.get(name);
    return raw === undefined ? null : cleanText(raw);
  };

  const variant = param('variant');
  if (variant !== null) state.variant = variant;

  const loanAmount = parseAmount(param('loan-amount'));
  if (loanAmount !== null && loanAmount > 0) {
    form.loanAmount = loanAmount;
    state.isSpecifiedAmountToFinance = true;
  }

  const dealerNumber = param('dealernumber');
  if (dealerNumber !== null) {
    form.affiliateUserId = dealerNumber;
    state.partnerSetup.affiliateUserId = dealerNumber;
  }

  const applicationId = param('appid');
  if (applicationId !== null) state.applicationId = applicationId;
  const vehicleId = param('vehicleid');
  if (vehicleId !== null) state.vehicleId = vehicleId;

  applyAttribution(form.utmParameters, param, input.cookies);
  applyVehicle(form.vehicle, query, param);

  return state;
}

function applyAttribution(
  utm: UtmParameters,
  param: (name: string) => string | null,
  cookieHeader: string,
): void {
  const cookies = param('utm_source') === null ? parseCookies(cookieHeader) : null;
  const cookie = (name: string): string | null => {
    const raw = cookies?.get(name);
    return raw === undefined ? null : cleanText(raw);
  };
  for (const [name, key] of UTM_NAMES) {
    const value = param(name) ?? cookie(name);
    if (value !== null) utm[key] = value;
  }
  const evoSource = cookie(EVO_SOURCE_COOKIE);
  if (evoSource !== null) utm.evo_source = evoSource;
  for (const name of TRACKING_PARAMETERS) {
    const value = param(name);
    if (value !== null) utm[name] = value;
  }
}

function applyVehicle(
  vehicle: Vehicle,
  query: Map<string, string>,
  param: (name: string) => string | null,
): void {
  for (const name of VEHICLE_TEXT_PARAMETERS) {
    const value = param(name);
    if (value !== null) vehicle[name] = value;
  }
  const price = parseAmount(param('price'));
  if (price !== null && price > 0) vehicle.price = price;
  const mileage = parseAmount(param('mileage'));
  if (mileage !== null) vehicle.mileage = mileage;

  const rawImageUrl = query.get('imageurl');
  const imageUrl =
    rawImageUrl === undefined ? null : cleanText(rawImageUrl, MAX_IMAGE_URL_LENGTH + 1);
  if (imageUrl !== null && imageUrl.length <= MAX_IMAGE_URL_LENGTH && isHttpUrl(imageUrl)) {
    vehicle.imageUrl = imageUrl;
  }
}
