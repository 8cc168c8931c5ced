import { lastActive, whenNeeded } from '../../lib/when-needed';
import { LoadLater } from './load-later';

export { SESSION_WATCH_LOAD_BY_MS } from '../../lib/when-needed';

const loadSessionWatch = () =>
  whenNeeded()
    .then(() => import('./session-watch'))
    .then(({ default: SessionWatch }) => ({
      default: function SessionWatchSince() {
        return <SessionWatch since={lastActive()} />;
      },
    }));

/** The session timeout and idle overlay, fetched at the first activity (whenNeeded above). */
export function SessionTimeout() {
  return <LoadLater load={loadSessionWatch} />;
}
