import { ANALYTICS_EVENTS, guidFromBytes, intake, type ApplicationState } from '@broker/domain';
import { track } from '../analytics/track';
import { useApplicationStore } from './application-store';
import { readStoredState } from './storage';
import { environmentFlags, useConfigStore } from '../api/config';

function newGuid(): string {
  // randomUUID needs a secure context; plain http on a LAN address still gets a v4 GUID.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return guidFromBytes(crypto.getRandomValues(new Uint8Array(16)));
}

/**
 * docs/product.md §4 Start: the stored application (when it is of this version) is filled again from
 * the host, browser, clock, a new GUID, the query string and cookies; then 'Started'.
 */
export function startApplication(): void {
  useApplicationStore.getState().replace(intakeApplication(readStoredState()));
  track(ANALYTICS_EVENTS.started);
}

/** `previous` null: a new application (a new GUID), as after a submission's response. */
export function intakeApplication(previous: ApplicationState | null): ApplicationState {
  const state = intake(previous, {
    host: window.location.host,
    userAgent: navigator.userAgent,
    referrer: document.referrer,
    now: new Date(),
    guid: newGuid(),
    query: window.location.search,
    cookies: document.cookie,
  });
  // Known once GET /api/config has answered (it sets them then): a new application after a
  // submission keeps them.
  return { ...state, ...environmentFlags(useConfigStore.getState().config) };
}
