import { RouteView, useLocation } from '../lib/router';
import type { MouseEvent } from 'react';
import { currentBrand } from '../lib/brand';
import { CookieBanner } from './cookie-banner';
import { CookiePolicyDialog } from './cookie-policy-dialog';
import { Header } from '../chrome/header';
import { MoneyHelpBanner } from '../chrome/money-help-banner';
import { Footer } from './footer';
import { usePageChange } from './use-page-change';
import { ROUTES } from './routes';
import { RouteError } from './route-error';
import { SessionTimeout } from '../features/session';
import { LoadLater } from '../features/session/load-later';
import { whenNeeded } from '../lib/when-needed';
import { isModalApplyHost } from '@broker/domain';

/**
 * "Need help?" and the modal-apply pop-up (page-extras.tsx) come after the first screen: at the
 * visitor's first activity (lib/when-needed.ts), or at once on the modal-apply host, whose pop-up
 * shows on load.
 */
const loadExtras = () =>
  isModalApplyHost(window.location.host)
    ? import('./page-extras')
    : whenNeeded().then(() => import('./page-extras'));

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main-content');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

/** Every page: skip link, cookie banner, logo, money-help warning, the page, footer. */
export function AppLayout() {
  const { pathname } = useLocation();
  const brand = currentBrand();
  usePageChange(pathname);
  return (
    <>
      <a href="#main-content" className="skip-link" onClick={skipToMain}>
        Skip to main content
      </a>
      <CookieBanner serviceName={brand.name} />
      <Header brand={brand}>
        <MoneyHelpBanner />
      </Header>
      <div className="page-body">
        <div className="width-container">
          {/* Holds the extras' row from the first paint, so nothing moves when they arrive. */}
          <div className="page-extras">
            <LoadLater load={loadExtras} />
          </div>
          <main id="main-content" className="main" tabIndex={-1}>
            <RouteView routes={ROUTES} errorPage={RouteError} />
          </main>
        </div>
      </div>
      <Footer brand={brand} />
      <CookiePolicyDialog />
      <SessionTimeout />
    </>
  );
}
