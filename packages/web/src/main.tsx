import { createRoot, hydrateRoot } from 'react-dom/client';
import './app/styles.css';
import '@broker/ui/media.css';
import { applyBrandTheme, currentBrand } from './lib/brand';
import { startHistory } from './lib/history';
import { preloadPath } from './lib/router';
import { startApplication } from './state/start';
import { startConsentRecording } from './evidence/recorder';
import { installErrorReporting } from './app/error-reporting';
import { loadConfig } from './api/config';
import { AppRoot } from './app/app-root';
import { redirectFor, ROUTES } from './app/routes';
import { activateAnalytics } from './analytics/activate';
import { readConsent } from './analytics/consent';
import {
  canHydrate,
  keepsShell,
  PRERENDERED_ATTRIBUTE,
  SHELL_PATH_ATTRIBUTE,
} from './prerender/hydration';

installErrorReporting();
const brand = currentBrand();
applyBrandTheme(brand);
startApplication();
startConsentRecording();
activateAnalytics(brand, loadConfig());
const location = startHistory(redirectFor);

// The first page's chunk is fetched before the first render, so the page appears whole
// rather than chrome first and form a moment later (no layout shift).
void preloadPath(ROUTES, location.pathname).then(() => {
  const root = document.getElementById('root');
  if (!root) return;
  const facts = {
    prerenderedFor: root.getAttribute(PRERENDERED_ATTRIBUTE),
    brand: brand.affiliateKey,
    pathname: location.pathname,
    consentChosen: readConsent() !== null,
    shellPath: root.getAttribute(SHELL_PATH_ATTRIBUTE),
  };
  // The server's markup is inert until the app runs it: a click or a choice made before then
  // would do nothing, or be undone by the app's first render.
  const live = () => {
    root.removeAttribute('inert');
    root.removeAttribute(SHELL_PATH_ATTRIBUTE);
  };
  // The server's start screen is kept (no repaint); any other first page is painted here.
  if (canHydrate(facts)) {
    hydrateRoot(root, <AppRoot onMounted={live} />);
  } else if (keepsShell(facts)) {
    // A step's shell (docs/decisions/0043-step-shells.md) stays up, inert, until React's first
    // commit replaces it with the page and the visitor's answers: no blank frame in between.
    createRoot(root).render(<AppRoot onMounted={live} />);
  } else {
    root.replaceChildren();
    live();
    createRoot(root).render(<AppRoot />);
  }
});
