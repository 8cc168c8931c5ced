import { systemClock, type Clock } from './clock';

/** What counts as the visitor being there. Visibility is handled by the idle hook itself. */
export const ACTIVITY_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'wheel',
  'scroll',
  'touchstart',
] as const;

/** pointermove and scroll fire dozens of times a second; the timers count in seconds. */
export const ACTIVITY_THROTTLE_MS = 1000;

export interface WatchActivityOptions {
  clock?: Clock;
  throttleMs?: number;
  target?: EventTarget;
}

/**
 * Calls `onActivity` on the first of the activity events, then at most once per `throttleMs`.
 * Listeners are passive (they never delay scrolling) and capture, so scrolling inside any
 * element counts too. Returns the function that removes them.
 */
export function watchActivity(
  onActivity: () => void,
  {
    clock = systemClock,
    throttleMs = ACTIVITY_THROTTLE_MS,
    target = window,
  }: WatchActivityOptions = {},
): () => void {
  let last = Number.NEGATIVE_INFINITY;
  const listener = () => {
    const now = clock.now();
    if (now - last < throttleMs) return;
    last = now;
    onActivity();
  };
  const options: AddEventListenerOptions = { passive: true, capture: true };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, listener, options);
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, listener, options);
  };
}
