/**
 * The build's server-side entry (scripts/prerender.mjs): renders the start screen as the
 * browser's first render will, so the server can send it as HTML and the browser adopts it
 * (hydrateRoot) instead of waiting for the script to paint it (docs/design.md §5, LCP ≤ 1.2 s).
 * It runs in Node under a jsdom window whose URL carries the brand's host.
 */
import { renderToString } from 'react-dom/server';
import { stepHeading } from '@broker/domain';
import { AppRoot } from '../app/app-root';
import { redirectFor, ROUTES } from '../app/routes';
import { currentBrand } from '../lib/brand';
import { startHistory } from '../lib/history';
import { preloadPath } from '../lib/router';
import { getApplication } from '../state/application-store';

export { PRERENDERED_ATTRIBUTE } from './hydration';

export interface PrerenderedScreen {
  /** The brand's affiliate key: the server picks the page by it (brandForHost). */
  brandKey: string;
  colour: string;
  title: string;
  /** The markup of #root. */
  html: string;
}

/** The start screen of the brand of the window's current host, with every store as at start. */
export async function prerenderStartScreen(): Promise<PrerenderedScreen> {
  startHistory(redirectFor);
  // The page's chunk and widgets are loaded first, so nothing suspends while rendering.
  await preloadPath(ROUTES, '/');
  const brand = currentBrand();
  return {
    brandKey: brand.affiliateKey,
    colour: brand.colour,
    title: `${stepHeading({ id: 'start' }, getApplication())} – ${brand.name}`,
    html: renderToString(<AppRoot />),
  };
}
