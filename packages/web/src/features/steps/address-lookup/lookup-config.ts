import { loadConfig, type AppConfig } from '../../../api/config';
import { trackPromise } from '../../../lib/router';

// One request for the whole page: a failed GET /api/config must not be retried on every
// render (each retry would be a new promise for `use`, and the screen would never settle).
let firstAnswer: Promise<AppConfig | null> | null = null;

/**
 * The configuration as the address screens see it (use-lookup-enabled.ts). The route waits for
 * it before showing them (app/routes.tsx), so a screen never suspends for it after the router
 * has committed to it, which would blank the page while it loads.
 */
export function lookupConfig(): Promise<AppConfig | null> {
  firstAnswer ??= trackPromise(loadConfig());
  return firstAnswer;
}
