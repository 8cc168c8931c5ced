import { useEffect, useMemo } from 'react';
import { clearStoredState } from '../../state/storage';
import { systemClock, type Clock } from './clock';
import { IdleOverlay } from './idle-overlay';
import { SessionExpired, TimeoutWarning } from './session-timeout';
import { SESSION_TIMINGS, sessionSchedule, type SessionTimings } from './timings';
import { useIdleStage } from './use-idle';

/** docs/product.md §4: OK clears the stored answers and loads '/' afresh (nothing kept in memory). */
function restartApplication(): void {
  clearStoredState();
  // Anything that writes the store while the page unloads must not bring the answers back.
  window.addEventListener('pagehide', clearStoredState);
  window.location.replace('/');
}

export interface SessionWatchProps {
  timings?: SessionTimings;
  clock?: Clock;
  onRestart?: () => void;
  /** The visitor's last activity before the watch was loaded (index.tsx), by `clock`. */
  since?: number;
}

/** The idle overlay, the warning before expiry and the 'Session Timeout' modal. */
export default function SessionWatch({
  timings = SESSION_TIMINGS,
  clock = systemClock,
  onRestart = restartApplication,
  since,
}: SessionWatchProps) {
  const schedule = useMemo(() => sessionSchedule(timings), [timings]);
  const { stage, reset } = useIdleStage(schedule.thresholds, {
    clock,
    holdFrom: schedule.warningStage,
    since,
  });
  const phase = schedule.phaseAt(stage);
  const expired = phase.kind === 'expired';
  // At expiry, not only on OK: a reload of an unattended page must not show the answers again.
  useEffect(() => {
    if (expired) clearStoredState();
  }, [expired]);
  return (
    <>
      <IdleOverlay visible={phase.kind === 'idle'} />
      {phase.kind === 'warning' && (
        <TimeoutWarning timeLeftMs={phase.timeLeftMs} onContinue={reset} />
      )}
      {expired && <SessionExpired onOk={onRestart} />}
    </>
  );
}
