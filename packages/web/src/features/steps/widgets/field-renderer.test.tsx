import { describe, expect, it, vi } from 'vitest';
import { preloadFieldKinds } from './field-renderer';

const attempts = vi.hoisted(() => ({ count: 0 }));

// The checkbox widget's chunk: the first fetch fails (the connection dropped), later ones work.
vi.mock('./kinds/checkbox', () => {
  attempts.count += 1;
  if (attempts.count === 1) throw new Error('Failed to fetch dynamically imported module');
  return { default: () => null };
});

describe('preloadFieldKinds', () => {
  it('fetches a widget again for a new load of a screen after its fetch failed', async () => {
    await expect(preloadFieldKinds(['checkbox'])).rejects.toThrow();
    await expect(preloadFieldKinds(['checkbox'])).resolves.toBeDefined();
    expect(attempts.count).toBe(2);
  });
});
