/** The time limits of docs/product.md §4 and docs/design.md D13 (docs/decisions/0004-timeouts.md). */
export interface SessionTimings {
  /** The idle overlay appears (docs/product.md §4: 60 s). */
  overlayMs: number;
  /** The warning with a way to continue (docs/design.md D13: 2 minutes before expiry). */
  warningMs: number;
  /** The 'Session Timeout' modal (docs/product.md §4: 600000 ms). */
  expiryMs: number;
  /** How often the warning's time left changes, so a screen reader is not talked over. */
  countdownStepMs: number;
}

export const SESSION_TIMINGS: Readonly<SessionTimings> = {
  overlayMs: 60_000,
  warningMs: 480_000,
  expiryMs: 600_000,
  countdownStepMs: 15_000,
};

export const EXPIRED_TITLE = 'Session Timeout';
export const EXPIRED_MESSAGE = "Your Session has expired, please click 'OK' to continue.";
export const WARNING_TITLE = 'Your session will expire soon';

export type SessionPhase =
  | { kind: 'active' }
  | { kind: 'idle' }
  | { kind: 'warning'; timeLeftMs: number }
  | { kind: 'expired' };

export interface SessionSchedule {
  /** Idle times, ascending, at which the phase (or the warning's time left) changes. */
  thresholds: readonly number[];
  /** From this stage on, only the warning's button (not a stray mouse move) resets the timer. */
  warningStage: number;
  phaseAt: (stage: number) => SessionPhase;
}

export function sessionSchedule(timings: SessionTimings): SessionSchedule {
  const { overlayMs, warningMs, expiryMs, countdownStepMs } = timings;
  if (!(overlayMs < warningMs && warningMs < expiryMs && countdownStepMs > 0)) {
    throw new RangeError(
      'Session timings must be overlay < warning < expiry, with a positive step',
    );
  }
  const countdown: number[] = [];
  for (let at = warningMs; at < expiryMs; at += countdownStepMs) countdown.push(at);
  const thresholds = [overlayMs, ...countdown, expiryMs];
  const warningStage = 2;
  const expiredStage = thresholds.length;
  return {
    thresholds,
    warningStage,
    phaseAt(stage) {
      if (stage >= expiredStage) return { kind: 'expired' };
      if (stage >= warningStage) {
        return { kind: 'warning', timeLeftMs: expiryMs - (thresholds[stage - 1] ?? warningMs) };
      }
      return stage === 1 ? { kind: 'idle' } : { kind: 'active' };
    },
  };
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** '2 minutes', '1 minute 45 seconds', '15 seconds' (whole seconds, rounded up). */
export function timeLeftText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return plural(rest, 'second');
  return rest === 0
    ? plural(minutes, 'minute')
    : `${plural(minutes, 'minute')} ${plural(rest, 'second')}`;
}
