/**
 * The build's server-side entry (scripts/prerender.mjs): renders the start screen as the
 * browser's first render will, so the server can send it as HTML and the browser adopts it
 * (hydrateRoot) instead of waiting for the script to paint it (docs/design.md §5, LCP ≤ 1.2 s).
 * It runs in Node under a jsdom window whose URL carries the brand's host.
 */
import { renderToString } from 'react-dom/server';
import { parseStepPath, stepHeading } from '@broker/domain';
import { AppRoot } from '../app/app-root';
import { redirectFor, ROUTES } from '../app/routes';
import { currentBrand } from '../lib/brand';
import { startHistory } from '../lib/history';
import { preloadPath } from '../lib/router';
import { getApplication } from '../state/application-store';

export { PRERENDERED_ATTRIBUTE, SHELL_PATH_ATTRIBUTE } from './hydration';

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

/**
 * The shell of a journey step for a deep link or a reload (docs/decisions/0043-step-shells.md):
 * the page at the window's current path as the app renders it with every answer empty, the
 * redirect rule left out (the visitor's answers, which decide it, are in their browser), with the
 * cookie banner (scripts/prerender.mjs takes it out for a visitor who has answered it). The app
 * does not adopt this markup: it renders the page with the visitor's answers and replaces the
 * shell in one commit (main.tsx).
 */
export async function prerenderStepShell(): Promise<PrerenderedScreen> {
  const { pathname } = window.location;
  const step = parseStepPath(pathname);
  if (!step) throw new Error(`${pathname} is not a journey step`);
  startHistory(() => null);
  await preloadPath(ROUTES, pathname);
  const brand = currentBrand();
  return {
    brandKey: brand.affiliateKey,
    colour: brand.colour,
    title: `${stepHeading(step, getApplication())} – ${brand.name}`,
    html: renderToString(<AppRoot />),
  };
}
