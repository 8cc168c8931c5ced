import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles.css';
import { applyBrandTheme, currentBrand } from './lib/brand';
import { startHistory } from './lib/history';
import { preloadPath, Router } from './lib/router';
import { startApplication } from './state/start';
import { installErrorReporting } from './app/error-reporting';
import { loadConfig } from './api/config';
import { AppLayout } from './app/app-layout';
import { redirectFor, ROUTES } from './app/routes';
import { activateAnalytics } from './analytics/activate';

installErrorReporting();
const brand = currentBrand();
applyBrandTheme(brand);
startApplication();
activateAnalytics(brand, loadConfig());
const location = startHistory(redirectFor);

// The first page's chunk is fetched before the first render, so the page appears whole
// rather than chrome first and form a moment later (no layout shift).
void preloadPath(ROUTES, location.pathname).then(() => {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <Router>
        <AppLayout />
      </Router>
    </StrictMode>,
  );
});
