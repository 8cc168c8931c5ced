/**
 * What counts as the visitor being there (the session watch's activity.ts lists the same).
 * Listed here so that the entry does not import that chunk.
 */
const FIRST_ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'];

/** Code gated on `whenNeeded` is fetched by then at the latest (the idle overlay is due at 60 s). */
export const SESSION_WATCH_LOAD_BY_MS = 30_000;

let last = Date.now();
let needed: Promise<void> | null = null;

/** When the visitor was last seen active, as far as this module knows (the page's start). */
export function lastActive(): number {
  return last;
}

/**
 * Resolves at the visitor's first activity, or SESSION_WATCH_LOAD_BY_MS after the page started,
 * whichever comes first. What waits for it is not fetched with the first screen, which loads its
 * entry and its screen's chunk alone until the network is idle (docs/design.md §5,
 * docs/decisions/0045-journey-copy-out-of-the-first-screen.md): the session watch, "Need help?",
 * "Save and come back later", the served-texts report.
 */
export function whenNeeded(): Promise<void> {
  needed ??= new Promise<void>((resolve) => {
    const timer = window.setTimeout(
      done,
      Math.max(0, last + SESSION_WATCH_LOAD_BY_MS - Date.now()),
    );
    function active() {
      last = Date.now();
      done();
    }
    function done() {
      window.clearTimeout(timer);
      for (const type of FIRST_ACTIVITY) window.removeEventListener(type, active, true);
      resolve();
    }
    for (const type of FIRST_ACTIVITY) {
      window.addEventListener(type, active, { capture: true, passive: true });
    }
  });
  return needed;
}
