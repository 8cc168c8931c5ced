/**
 * Lazy screen chunks (docs/product.md §8): a chunk that has not arrived after 120 s is a ChunkLoadError,
 * and a stylesheet chunk that fails raises CSS_CHUNK_LOAD_FAILED, so the error boundary can
 * offer a reload instead of leaving the visitor on a page that never finishes.
 */

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  readonly code: string;

  constructor(message: string, code = 'CHUNK_LOAD_FAILED', options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

// What browsers and Vite say when a dynamic import or its preloaded CSS cannot be fetched.
const SCRIPT_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk .* failed/i;
const CSS_FAILURE = /Unable to preload CSS|CSS_CHUNK_LOAD_FAILED/i;

export function asChunkLoadError(error: unknown): ChunkLoadError | null {
  if (error instanceof ChunkLoadError) return error;
  if (!(error instanceof Error)) return null;
  if (CSS_FAILURE.test(error.message)) {
    return new ChunkLoadError(error.message, CSS_CHUNK_LOAD_FAILED, { cause: error });
  }
  if (error.name === 'ChunkLoadError' || SCRIPT_FAILURE.test(error.message)) {
    return new ChunkLoadError(error.message, 'CHUNK_LOAD_FAILED', { cause: error });
  }
  return null;
}

/** Wraps a dynamic import: rejects with a ChunkLoadError on failure or after `timeoutMs`. */
export function loadChunk<T>(
  importer: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Loading a page chunk timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          asChunkLoadError(error) ?? (error instanceof Error ? error : new Error(String(error))),
        );
      },
    );
  });
}
