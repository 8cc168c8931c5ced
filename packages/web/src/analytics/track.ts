import { hasAnalyticsConsent } from './consent';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export type AnalyticsProperties = Readonly<
  Record<string, string | number | boolean | null | string[]>
>;

/**
 * Pushes one event to the tag-manager dataLayer (docs/design.md D14). Before the visitor accepts
 * analytics cookies nothing is recorded, not even in memory: the event is dropped.
 */
export function track(event: string, properties: AnalyticsProperties = {}): void {
  if (!hasAnalyticsConsent()) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event, ...properties });
}

/** Not in SPEC's vocabulary: the name under which shown validation messages are reported. */
export const VALIDATION_ERROR_EVENT = 'Validation Error';
