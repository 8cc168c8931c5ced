import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { watchActivity } from './activity';
import { systemClock, type Clock } from './clock';

export interface IdleOptions {
  clock?: Clock;
  throttleMs?: number;
  /** From this stage on activity no longer resets the timer; only `reset()` does. */
  holdFrom?: number;
  target?: EventTarget;
  /** When the visitor was last active, if before the hook starts (the clock's time): the page's start. */
  since?: number;
}

export interface IdleStage {
  /** How many of the thresholds the idle time has passed (0: the visitor is active). */
  stage: number;
  /** Counts from now, as activity does (and also from a held stage). */
  reset: () => void;
}

export function stageAt(thresholds: readonly number[], idleMs: number): number {
  let stage = 0;
  while (stage < thresholds.length && (thresholds[stage] ?? Infinity) <= idleMs) stage += 1;
  return stage;
}

/**
 * Idle time measured from the last activity (pointer, key, wheel, scroll, touch, the tab
 * becoming visible again), reported as the stage it has reached. `thresholds` must be
 * ascending and stable (a constant or memoised). One timer at a time, set for the next
 * threshold and always judged by the clock, so a tab whose timers the browser slowed down
 * (or a test's fast-forwarded clock) lands in the right stage.
 */
export function useIdleStage(thresholds: readonly number[], options: IdleOptions = {}): IdleStage {
  const { clock = systemClock, throttleMs, holdFrom = Infinity, target, since } = options;
  const [stage, setStage] = useState(0);
  const resetRef = useRef<() => void>(() => undefined);

  // A layout effect: listening has begun by the time anything rendered here can be seen.
  useLayoutEffect(() => {
    let lastActivity = since ?? clock.now();
    let timer: number | undefined;

    const schedule = (idle: number, current: number) => {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      const next = thresholds[current];
      if (next !== undefined) timer = clock.setTimeout(evaluate, next - idle);
    };
    function evaluate() {
      const idle = clock.now() - lastActivity;
      const current = stageAt(thresholds, idle);
      setStage(current);
      schedule(idle, current);
    }
    const restart = () => {
      lastActivity = clock.now();
      evaluate();
    };
    const onActivity = () => {
      if (stageAt(thresholds, clock.now() - lastActivity) >= holdFrom) evaluate();
      else restart();
    };
    // Coming back to the tab is activity, unless the warning or expiry was due meanwhile.
    const onVisibility = () => {
      if (document.visibilityState === 'visible') onActivity();
    };

    const stop = watchActivity(onActivity, { clock, throttleMs, target });
    document.addEventListener('visibilitychange', onVisibility);
    resetRef.current = restart;
    evaluate();
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
      if (timer !== undefined) clock.clearTimeout(timer);
    };
  }, [thresholds, clock, throttleMs, holdFrom, target, since]);

  const reset = useCallback(() => resetRef.current(), []);
  return { stage, reset };
}
