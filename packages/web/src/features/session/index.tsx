import { LoadLater } from './load-later';

const loadSessionWatch = () => import('./session-watch');

/** The session timeout and idle overlay, fetched after the first render. */
export function SessionTimeout() {
  return <LoadLater load={loadSessionWatch} />;
}
