/**
 * Vite fetches a page chunk's stylesheets with <link>s before the chunk, and remembers every
 * stylesheet it has tried, failed ones included: a second load of the same page skips them
 * and the page would render unstyled. So after a page failed for its stylesheet, the
 * stylesheets that did not load are fetched again here, with new <link>s, before the page's
 * next load (router.tsx loads this module then); failing again, that load fails as the first
 * did and the error page offers a reload.
 */
import { ChunkLoadError, CSS_CHUNK_LOAD_FAILED } from './chunk-load';

function refetch(href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener(
      'error',
      () => reject(new ChunkLoadError(`Unable to preload CSS for ${href}`, CSS_CHUNK_LOAD_FAILED)),
      { once: true },
    );
    document.head.appendChild(link);
  });
}

/**
 * Replaces the stylesheet <link> a failure named, and any other that has no sheet (where the
 * browser leaves a failed one without), with new ones; resolves once all have loaded.
 */
export function refetchFailedStylesheets(named: string): Promise<unknown> {
  const hrefs = new Set([new URL(named, document.baseURI).href]);
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (!link.href || (link.sheet !== null && !hrefs.has(link.href))) continue;
    hrefs.add(link.href);
    link.remove();
  }
  return Promise.all([...hrefs].map(refetch));
}
