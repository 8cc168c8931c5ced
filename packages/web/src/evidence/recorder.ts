import { useEffect } from 'react';
import {
  CONSENT_TEXTS,
  currentDisclosureVersion,
  type ApplicationState,
  type ConsentId,
  type DisclosureTextId,
  type PayloadDisclosures,
} from '@broker/domain';
import { getApplication, useApplicationStore } from '../state/application-store';
import { whenNeeded } from '../lib/when-needed';

/**
 * Which disclosed texts this application showed, and when each consent was given
 * (docs/evidence.md): kept in session storage beside the answers, for this application's key
 * only, and sent with each save as the payload's `disclosures`.
 */
const STORAGE_KEY = 'disclosures';

interface Stored extends PayloadDisclosures {
  key: string | null;
}

const keyOf = (state: ApplicationState) => state.form.sessionId || state.GUID;

function read(key: string | null): Stored {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Stored | null;
    if (stored?.key === key) return stored;
  } catch {
    // Unreadable or unavailable storage: start again.
  }
  return { key, shown: [], agreed: [] };
}

/**
 * Changes the record; `change` returns false when it found nothing to change, and then nothing
 * is written: a secured application shows two disclosures on every step
 * (docs/performance.md, "Continue on the secured and joint journeys").
 */
function update(change: (record: Stored) => boolean): void {
  const record = read(keyOf(getApplication()));
  if (!change(record)) return;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Private mode with no storage: the evidence is then the server's record of versions alone.
  }
}

export function markShown(text: DisclosureTextId): void {
  const version = currentDisclosureVersion(text);
  update((record) => {
    if (record.shown.some((entry) => entry.text === text && entry.version === version)) {
      return false;
    }
    record.shown.push({ text, version, at: new Date().toISOString() });
    // The server's own record of what it served (decision 0060): its code comes after the first
    // screen's, at the visitor's first activity (lib/when-needed.ts).
    const key = record.key;
    if (key) {
      void whenNeeded()
        .then(() => import('./tell-server'))
        .then((module) => module.tellServer(key, text, version));
    }
    return true;
  });
}

/** Records the moment a consent is given; withdrawing it removes it. A repeat keeps the first. */
export function markAgreed(consent: ConsentId, agreed: boolean): void {
  update((record) => {
    const given = record.agreed.some((entry) => entry.consent === consent);
    if (agreed && !given) {
      const text = CONSENT_TEXTS[consent];
      const version = currentDisclosureVersion(text);
      record.agreed.push({ consent, text, version, at: new Date().toISOString() });
      return true;
    }
    if (agreed || !given) return false;
    record.agreed = record.agreed.filter((entry) => entry.consent !== consent);
    return true;
  });
}

/** Marks `text` shown when the component that displays it appears. */
export function useDisclosureShown(text: DisclosureTextId): void {
  useEffect(() => markShown(text), [text]);
}

/** What to send with `state`'s payload; nothing for a state this record is not for. */
export function disclosuresFor(state: ApplicationState): PayloadDisclosures | undefined {
  const record = read(keyOf(state));
  if (record.shown.length === 0 && record.agreed.length === 0) return undefined;
  return { shown: record.shown, agreed: record.agreed };
}

const OPT_INS = [
  'isOptedEmail',
  'isOptedSms',
  'isOptedPhone',
  'isOptedPost',
  'isOptedThirdParty',
] as const;

function consentsOf(
  state: ApplicationState,
): Record<'terms' | 'soft-search' | 'marketing-opt-ins', boolean> {
  const { form } = state;
  return {
    terms: form.isAgreedTermsAndConditions,
    'soft-search': form.agreeSoftSearch === true,
    'marketing-opt-ins': OPT_INS.some((name) => form[name]),
  };
}

/** Watches the answers for the moment each consent is given or withdrawn. */
export function startConsentRecording(): () => void {
  return useApplicationStore.subscribe((next, previous) => {
    const now = consentsOf(next.application);
    const before = consentsOf(previous.application);
    for (const consent of Object.keys(now) as (keyof typeof now)[]) {
      if (now[consent] !== before[consent]) markAgreed(consent, now[consent]);
    }
  });
}
