import { LoadLater } from './load-later';

/**
 * What counts as the visitor being there (activity.ts, which is in the watch's own chunk).
 * Listed here so that the entry does not import that chunk.
 */
const FIRST_ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'];

/** The watch is fetched by then at the latest: well before the idle overlay is due (60 s). */
export const SESSION_WATCH_LOAD_BY_MS = 30_000;

let lastActive = Date.now();
let needed: Promise<void> | null = null;

/**
 * Resolves at the visitor's first activity, or SESSION_WATCH_LOAD_BY_MS after the page started,
 * whichever comes first. Until then the watch's code is not fetched: the first screen is loaded
 * without it (docs/decisions/0045-journey-copy-out-of-the-first-screen.md). Idle time still
 * counts from the page's start, or from that first activity.
 */
function whenNeeded(): Promise<void> {
  needed ??= new Promise<void>((resolve) => {
    const timer = window.setTimeout(
      done,
      Math.max(0, lastActive + SESSION_WATCH_LOAD_BY_MS - Date.now()),
    );
    function active() {
      lastActive = Date.now();
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

const loadSessionWatch = () =>
  whenNeeded()
    .then(() => import('./session-watch'))
    .then(({ default: SessionWatch }) => ({
      default: function SessionWatchSince() {
        return <SessionWatch since={lastActive} />;
      },
    }));

/** The session timeout and idle overlay, fetched at the first activity (whenNeeded above). */
export function SessionTimeout() {
  return <LoadLater load={loadSessionWatch} />;
}
