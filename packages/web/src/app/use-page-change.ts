import { useLayoutEffect, useRef } from 'react';
import { ANALYTICS_EVENTS } from '@broker/domain';
import { track } from '../analytics/track';
import { onIdle } from '../lib/idle';
import { getApplication } from '../state/application-store';

/**
 * After each navigation: back to the top (docs/product.md §2), and focus on the new page's h1 so a
 * screen reader announces the new page (GOV.UK pattern). The first page keeps the browser's
 * default focus. Every page, the first included, is a page_view, and a step of the funnel
 * (docs/funnel.md): reported when the browser is idle, its code loaded then, off the first render.
 */
export function usePageChange(pathname: string): void {
  const shown = useRef<string | null>(null);
  // A layout effect: the fade class must be on before the new page is first painted.
  useLayoutEffect(() => {
    const previous = shown.current;
    // Compared by path, so StrictMode's second run of the effect changes nothing.
    if (previous === pathname) return;
    shown.current = pathname;
    track(ANALYTICS_EVENTS.pageView, { page_path: pathname });
    onIdle(() => {
      import('../analytics/funnel')
        .then(({ reportFunnelStep }) => reportFunnelStep(pathname, getApplication()))
        .catch(() => undefined);
    }, 2000);
    if (previous === null) return;
    document.body.classList.add('js-navigated');
    window.scrollTo(0, 0);
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }, [pathname]);
}
