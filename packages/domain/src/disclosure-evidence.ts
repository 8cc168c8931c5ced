/**
 * What an application's disclosure evidence is worth (docs/evidence.md, decision 0061): the
 * browser's claims (the payload's `disclosures`) read against the server's own record of the
 * texts it served to the session, the session's times and the application's path. Pure: the
 * server gathers the facts and the times, this decides what contradicts what.
 */
import type { CalendarDate } from './date-of-birth.js';
import { CONSENT_TEXTS, DISCLOSURE_TEXT_IDS } from './disclosure-versions.js';
import type { ConsentId, DisclosureTextId } from './disclosure-versions.js';
import type { PayloadDisclosures } from './disclosures.js';
import { journeySteps } from './journey/navigation.js';
import { isSecuredApplication } from './journey/options.js';
import type { ApplicationState } from './journey/shape.js';
import type { StepId } from './journey/types.js';

/**
 * How far a browser's clock may be from the server's, and the time between a text appearing and
 * the server recording it, before a claimed time counts as outside the session.
 */
export const CLOCK_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * Where the web app shows each text (docs/evidence.md, "The texts"): on every page (the footer
 * and its links, the contact screen), in the frame of every step of a secured application
 * (decision 0011), or on one step of the journey.
 */
export type DisclosurePlace = 'every-page' | 'secured' | { step: StepId };

export const DISCLOSURE_PLACES: Readonly<Record<DisclosureTextId, DisclosurePlace>> = {
  'broker-status': 'every-page',
  commission: 'every-page',
  'representative-example': 'secured',
  'repossession-warning': 'secured',
  terms: 'every-page',
  privacy: 'every-page',
  'soft-search': { step: 'soft-search' },
  'fair-processing': { step: 'fair-processing-notice' },
  cookies: 'every-page',
};

/** One row of the server's record: a version of a text it served to the session. */
export interface ServedText {
  text: DisclosureTextId;
  version: number;
  /** Server clock, ISO. */
  firstAt: string;
  lastAt: string;
  times: number;
}

/** A version the server holds, and when it first stored it: from then on it was in use. */
export interface KnownVersion {
  text: DisclosureTextId;
  version: number;
  sha256: string;
  storedAt: string;
}

export interface EvidenceFacts {
  /** The browser's claims as the last save sent them; undefined when it sent none. */
  claims: PayloadDisclosures | undefined;
  served: readonly ServedText[];
  versions: readonly KnownVersion[];
  /** The application as its answers read back (`answersFromPayload`): its path. */
  state: ApplicationState;
  /** The first save of the application (server clock). */
  firstSavedAt: string;
  /** When the server received the request that carried these claims (server clock). */
  receivedAt: string;
  /** The UK date of `receivedAt`, for the journey's path. */
  today: CalendarDate;
}

/** Why a claim does not stand against the server's record; the back office words each. */
export type EvidenceProblem =
  /** Claimed before the server's first record of the session, less the tolerance. */
  | { kind: 'before-session'; began: string }
  /** Claimed after the server received the claim, plus the tolerance. */
  | { kind: 'after-request'; received: string }
  /** The application's path does not show this text or ask this consent. */
  | { kind: 'not-on-path'; place: Exclude<DisclosurePlace, 'every-page'> }
  /** The browser records each version once (each consent once); claimed more often. */
  | { kind: 'repeated'; times: number }
  /** The version was not in use at the claimed time (`since`: first stored; null: never). */
  | { kind: 'version-not-in-use'; since: string | null }
  /** The server served the session other versions of this text, not this one. */
  | { kind: 'other-version-served'; served: number[] }
  /** Served before the application arrived, but missing from the browser's claims. */
  | { kind: 'not-claimed' };

export interface TextEvidence {
  text: DisclosureTextId;
  version: number;
  sha256: string | null;
  /** The server's own record; null when it never served this version to the session. */
  served: { firstAt: string; lastAt: string; times: number } | null;
  /** The browser's claim (its first time); null when it claims nothing for this version. */
  claimed: { at: string; times: number } | null;
  problems: EvidenceProblem[];
}

export interface ConsentEvidence {
  consent: ConsentId;
  text: DisclosureTextId;
  version: number;
  sha256: string | null;
  /** Only the browser can say when a box was ticked: always its claim. */
  claimed: { at: string; times: number };
  problems: EvidenceProblem[];
}

export interface DisclosureEvidence {
  /** The server's first record of the session: its first served text, else the first save. */
  sessionBegan: string;
  receivedAt: string;
  /** True when the server served this session anything at all. */
  servedAny: boolean;
  texts: TextEvidence[];
  consents: ConsentEvidence[];
}

const ms = (iso: string) => Date.parse(iso);

function onPath(place: DisclosurePlace, facts: EvidenceFacts, steps: () => Set<StepId>): boolean {
  if (place === 'every-page') return true;
  if (place === 'secured') return isSecuredApplication(facts.state);
  return steps().has(place.step);
}

/** The checks every claim gets: its time within the session, its version in use then. */
function timeAndVersion(
  claimedAt: readonly string[],
  text: DisclosureTextId,
  version: number,
  facts: EvidenceFacts,
  began: string,
): EvidenceProblem[] {
  const problems: EvidenceProblem[] = [];
  const earliest = ms(began) - CLOCK_TOLERANCE_MS;
  const latest = ms(facts.receivedAt) + CLOCK_TOLERANCE_MS;
  if (claimedAt.some((at) => ms(at) < earliest)) {
    problems.push({ kind: 'before-session', began });
  }
  if (claimedAt.some((at) => ms(at) > latest)) {
    problems.push({ kind: 'after-request', received: facts.receivedAt });
  }
  const known = facts.versions.find((v) => v.text === text && v.version === version);
  if (!known || claimedAt.some((at) => ms(at) < ms(known.storedAt) - CLOCK_TOLERANCE_MS)) {
    problems.push({ kind: 'version-not-in-use', since: known?.storedAt ?? null });
  }
  return problems;
}

const byTextOrder = (a: { text: DisclosureTextId; version: number }, b: typeof a) =>
  DISCLOSURE_TEXT_IDS.indexOf(a.text) - DISCLOSURE_TEXT_IDS.indexOf(b.text) ||
  a.version - b.version;

/**
 * Reads the browser's claims against the server's record. A claim is marked, never dropped:
 * contradicting claims are kept as sent, with the reasons (decision 0061).
 */
export function checkDisclosureEvidence(facts: EvidenceFacts): DisclosureEvidence {
  const began = [...facts.served.map((row) => row.firstAt), facts.firstSavedAt].reduce(
    (first, at) => (ms(at) < ms(first) ? at : first),
  );
  let stepsOnPath: Set<StepId> | null = null;
  const steps = () =>
    (stepsOnPath ??= new Set(journeySteps(facts.state, facts.today).map((ref) => ref.id)));
  const sha256 = (text: DisclosureTextId, version: number) =>
    facts.versions.find((v) => v.text === text && v.version === version)?.sha256 ?? null;
  const servedBefore = facts.served.filter((row) => ms(row.firstAt) <= ms(facts.receivedAt));

  const pairs = new Map<string, { text: DisclosureTextId; version: number }>();
  for (const entry of [...facts.served, ...(facts.claims?.shown ?? [])]) {
    pairs.set(`${entry.text}@${entry.version}`, { text: entry.text, version: entry.version });
  }
  const texts = [...pairs.values()].sort(byTextOrder).map(({ text, version }): TextEvidence => {
    const served = facts.served.find((row) => row.text === text && row.version === version);
    const claimedAt = (facts.claims?.shown ?? [])
      .filter((entry) => entry.text === text && entry.version === version)
      .map((entry) => entry.at);
    const problems: EvidenceProblem[] = [];
    if (claimedAt.length > 0) {
      problems.push(...timeAndVersion(claimedAt, text, version, facts, began));
      const place = DISCLOSURE_PLACES[text];
      if (place !== 'every-page' && !onPath(place, facts, steps)) {
        problems.push({ kind: 'not-on-path', place });
      }
      if (claimedAt.length > 1) problems.push({ kind: 'repeated', times: claimedAt.length });
      const otherVersions = servedBefore
        .filter((row) => row.text === text)
        .map((row) => row.version);
      if (otherVersions.length > 0 && !otherVersions.includes(version)) {
        problems.push({
          kind: 'other-version-served',
          served: otherVersions.sort((a, b) => a - b),
        });
      }
    } else if (
      served &&
      ms(served.firstAt) <= ms(facts.receivedAt) &&
      !(facts.claims?.shown ?? []).some((entry) => entry.text === text)
    ) {
      problems.push({ kind: 'not-claimed' });
    }
    return {
      text,
      version,
      sha256: sha256(text, version),
      served: served
        ? { firstAt: served.firstAt, lastAt: served.lastAt, times: served.times }
        : null,
      claimed:
        claimedAt.length > 0
          ? { at: claimedAt.reduce((a, b) => (ms(b) < ms(a) ? b : a)), times: claimedAt.length }
          : null,
      problems,
    };
  });

  const consentGroups = new Map<string, PayloadDisclosures['agreed']>();
  for (const entry of facts.claims?.agreed ?? []) {
    const key = `${entry.consent}@${entry.version}`;
    consentGroups.set(key, [...(consentGroups.get(key) ?? []), entry]);
  }
  const consents = [...consentGroups.values()].map((entries): ConsentEvidence => {
    const first = entries[0]!;
    const claimedAt = entries.map((entry) => entry.at);
    const problems = timeAndVersion(claimedAt, first.text, first.version, facts, began);
    const place = DISCLOSURE_PLACES[CONSENT_TEXTS[first.consent]];
    if (place !== 'every-page' && !onPath(place, facts, steps)) {
      problems.push({ kind: 'not-on-path', place });
    }
    const times = (facts.claims?.agreed ?? []).filter((e) => e.consent === first.consent).length;
    if (times > 1) problems.push({ kind: 'repeated', times });
    return {
      consent: first.consent,
      text: first.text,
      version: first.version,
      sha256: sha256(first.text, first.version),
      claimed: { at: claimedAt.reduce((a, b) => (ms(b) < ms(a) ? b : a)), times: entries.length },
      problems,
    };
  });

  return {
    sessionBegan: began,
    receivedAt: facts.receivedAt,
    servedAny: facts.served.length > 0,
    texts,
    consents,
  };
}
