import { useEffect } from 'react';
import { Link } from '../lib/router';
import { reportError } from '../api/client-errors';
import { asChunkLoadError } from '../lib/chunk-load';
import { PageHeading } from '../chrome/page-heading';

/**
 * A page that failed: a chunk that did not load (docs/product.md §8, ChunkLoadError or
 * CSS_CHUNK_LOAD_FAILED) gets a reload page; anything else a plain apology. Answers are in
 * sessionStorage, so reloading loses nothing.
 */
export function RouteError({ error }: { error: unknown }) {
  const chunk = asChunkLoadError(error);
  useEffect(() => {
    reportError(chunk ?? error, chunk ? 'chunk' : 'failure', chunk?.code ?? 'render');
  }, [chunk, error]);

  if (chunk) {
    return (
      <>
        <title>This page did not load</title>
        <PageHeading>This page did not load</PageHeading>
        <p className="body">
          This can happen if your connection dropped or we have just updated the service. Your
          answers are saved on this device.
        </p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </>
    );
  }
  return (
    <>
      <title>Sorry, there is a problem</title>
      <PageHeading>Sorry, there is a problem with this page</PageHeading>
      <p className="body">
        Your answers are saved on this device. You can reload the page to try again.
      </p>
      <div className="button-group">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link className="link" to="/">
          Go to the start
        </Link>
      </div>
    </>
  );
}
