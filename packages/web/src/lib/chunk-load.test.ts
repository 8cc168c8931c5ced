import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  asChunkLoadError,
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  CSS_CHUNK_LOAD_FAILED,
  loadChunk,
} from './chunk-load';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('rejects with a ChunkLoadError when a chunk has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => undefined));
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    pending.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('turns a failed dynamic import into a ChunkLoadError', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    await expect(loadChunk(() => Promise.reject(failure))).rejects.toMatchObject({
      name: 'ChunkLoadError',
      code: 'CHUNK_LOAD_FAILED',
    });
  });

  it('names a stylesheet failure CSS_CHUNK_LOAD_FAILED and leaves other errors alone', () => {
    expect(asChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))?.code).toBe(
      CSS_CHUNK_LOAD_FAILED,
    );
    expect(asChunkLoadError(new Error('x is not a function'))).toBeNull();
  });
});
