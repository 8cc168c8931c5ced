import { useCallback, useEffect, useRef } from 'react';
import { useApplicationStore } from '../../../state/application-store';
import { onIdle } from '../../../lib/idle';

/** How long the fetch may wait for an idle moment after the screen or an answer changed. */
const PRELOAD_IDLE_TIMEOUT_MS = 50;

// Nothing beyond the first screen is fetched before the visitor's first press, key or answer:
// a visitor who only looks costs no more than the first screen (docs/design.md §5), and every later
// screen is reached by a press, so from the second screen on this never waits.
const ENGAGING_EVENTS = ['pointerdown', 'keydown', 'touchstart'];
const LISTENER_OPTIONS = { capture: true, passive: true };
let engaged = false;

/**
 * Fetches the code of the screen Continue would lead to while this one is being filled in, so
 * that Continue only renders it. The guess is made once the visitor has engaged (in an idle
 * moment), and again after each change of the answers, since an answer can change the branch.
 * The returned function makes a guess still waiting for an idle moment at once (Continue
 * pressed or focused); it costs nothing when the last guess is up to date.
 *
 * `predict` gives the path for the current answers, or null (this step does not navigate);
 * it must be stable while its inputs are. `preload` fetches a path's code and must neither
 * throw nor report a failure: a failed fetch is tried again by the navigation itself.
 */
export function useNextScreenPreload(
  predict: (() => string | null) | null,
  preload: ((pathname: string) => void) | undefined,
): () => void {
  const due = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!predict || !preload) return undefined;
    let cancelIdle: (() => void) | null = null;
    const fetchNext = () => {
      cancelIdle?.();
      cancelIdle = null;
      due.current = null;
      try {
        const path = predict();
        if (path !== null) preload(path.split(/[?#]/)[0] ?? path);
      } catch {
        // Only an optimisation: Continue computes the destination again and reports any error.
      }
    };
    const schedule = () => {
      if (!engaged) return;
      cancelIdle ??= onIdle(fetchNext, PRELOAD_IDLE_TIMEOUT_MS);
      due.current = fetchNext;
    };
    const stopListening = () => {
      for (const name of ENGAGING_EVENTS)
        window.removeEventListener(name, engage, LISTENER_OPTIONS);
    };
    function engage() {
      engaged = true;
      stopListening();
      schedule();
    }
    if (!engaged) {
      for (const name of ENGAGING_EVENTS) window.addEventListener(name, engage, LISTENER_OPTIONS);
    }
    schedule();
    // An answer engages too (an autofilled one comes without a key). The screen's first answer
    // is guessed from at once: Continue may follow it closely, as on the start screen. Later
    // ones (typing changes the answers at every key) wait for an idle moment.
    let answered = false;
    const unsubscribe = useApplicationStore.subscribe((store, previous) => {
      if (store.application === previous.application) return;
      if (!engaged) {
        engaged = true;
        stopListening();
      }
      if (answered) schedule();
      else fetchNext();
      answered = true;
    });
    return () => {
      stopListening();
      unsubscribe();
      cancelIdle?.();
      due.current = null;
    };
  }, [predict, preload]);

  return useCallback(() => due.current?.(), []);
}
