import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { ChunkLoadError, CSS_CHUNK_LOAD_FAILED } from './chunk-load';
import { navigate } from './history';
import { preloadPath, RouteView, Router, usePreloadPage, type Route } from './router';

const page = (text: string): ComponentType => {
  const Page = () => <h1>{text}</h1>;
  return Page;
};

function ErrorPage() {
  return <h1>This page did not load</h1>;
}

function renderApp(routes: readonly Route[]) {
  return render(
    <Router>
      <RouteView routes={routes} errorPage={ErrorPage} />
    </Router>,
  );
}

/** Runs `change` in an awaited act, so a page that suspends settles before the test goes on. */
async function settle(change: () => unknown) {
  await act(() => Promise.resolve().then(change));
}

const go = (path: string) => settle(() => navigate(path));

beforeEach(() => {
  navigate('/', { replace: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the router', () => {
  it('fetches a page again on navigation when fetching it ahead failed', async () => {
    const load = vi
      .fn<Route['load']>()
      .mockRejectedValueOnce(new ChunkLoadError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(page('Your date of birth'));
    const routes: Route[] = [
      { path: '/', load: () => Promise.resolve(page('Start')) },
      { path: '/date-of-birth', load },
    ];
    await expect(preloadPath(routes, '/date-of-birth')).resolves.toBeUndefined();
    await preloadPath(routes, '/');
    renderApp(routes);
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeInTheDocument();

    await go('/date-of-birth');

    expect(await screen.findByRole('heading', { name: 'Your date of birth' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the current page on screen while the next one is fetched', async () => {
    let arrive: (page: ComponentType) => void = () => undefined;
    const routes: Route[] = [
      { path: '/', load: () => Promise.resolve(page('Start')) },
      { path: '/contact', load: () => new Promise((resolve) => (arrive = resolve)) },
    ];
    await preloadPath(routes, '/');
    renderApp(routes);
    await screen.findByRole('heading', { name: 'Start' });

    await go('/contact');
    expect(screen.getByRole('heading', { name: 'Start' })).toBeInTheDocument();

    await settle(() => arrive(page('Your contact details')));
    expect(screen.getByRole('heading', { name: 'Your contact details' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Start' })).not.toBeInTheDocument();
  });

  it('shows a page fetched ahead in the same task as the navigation, not in a transition', async () => {
    const routes: Route[] = [
      { path: '/', load: () => Promise.resolve(page('Start')) },
      { path: '/optins', load: () => Promise.resolve(page('Keeping in touch')) },
    ];
    await Promise.all([preloadPath(routes, '/'), preloadPath(routes, '/optins')]);
    renderApp(routes);
    await screen.findByRole('heading', { name: 'Start' });

    // flushSync renders urgent updates at once; a transition would still show the start page.
    act(() => {
      flushSync(() => navigate('/optins'));
      expect(screen.getByRole('heading', { name: 'Keeping in touch' })).toBeInTheDocument();
    });
  });

  it('still shows the error page when the navigation’s own fetch fails', async () => {
    // React reports the error the boundary caught.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const routes: Route[] = [
      { path: '/', load: () => Promise.resolve(page('Start')) },
      {
        path: '/joint',
        load: () =>
          Promise.reject(new ChunkLoadError('Failed to fetch dynamically imported module')),
      },
    ];
    await preloadPath(routes, '/');
    renderApp(routes);
    await screen.findByRole('heading', { name: 'Start' });

    await go('/joint');
    expect(
      await screen.findByRole('heading', { name: 'This page did not load' }),
    ).toBeInTheDocument();
  });

  it('fetches a stylesheet again that failed when the page was fetched ahead', async () => {
    const href = `${window.location.origin}/assets/optins-Bx1.css`;
    const load = vi
      .fn<Route['load']>()
      .mockRejectedValueOnce(
        new ChunkLoadError(`Unable to preload CSS for ${href}`, CSS_CHUNK_LOAD_FAILED),
      )
      .mockResolvedValue(page('Keeping in touch'));
    const routes: Route[] = [
      { path: '/', load: () => Promise.resolve(page('Start')) },
      { path: '/optins', load },
    ];
    await preloadPath(routes, '/optins');
    await preloadPath(routes, '/');
    renderApp(routes);
    await screen.findByRole('heading', { name: 'Start' });

    await go('/optins');
    const link = await waitFor(() => {
      const found = document.head.querySelector<HTMLLinkElement>(`link[href="${href}"]`);
      expect(found).not.toBeNull();
      return found!;
    });
    expect(load).toHaveBeenCalledTimes(1);
    await settle(() => link.dispatchEvent(new Event('load')));

    expect(await screen.findByRole('heading', { name: 'Keeping in touch' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    link.remove();
  });
});

describe('usePreloadPage', () => {
  it('fetches ahead a page of the table the current page is shown from', async () => {
    const load = vi.fn<Route['load']>().mockResolvedValue(page('Your date of birth'));
    function Start() {
      const preloadPage = usePreloadPage();
      return (
        <button type="button" onClick={() => preloadPage('/date-of-birth')}>
          Continue
        </button>
      );
    }
    const routes: Route[] = [
      { path: '/', load: () => Promise.resolve(Start) },
      { path: '/date-of-birth', load },
    ];
    await preloadPath(routes, '/');
    renderApp(routes);
    const button = await screen.findByRole('button', { name: 'Continue' });
    expect(load).not.toHaveBeenCalled();

    await settle(() => button.click());

    expect(load).toHaveBeenCalledTimes(1);
    await go('/date-of-birth');
    expect(await screen.findByRole('heading', { name: 'Your date of birth' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
