import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';

const RETRY_MS = 10_000;
const ATTEMPTS = 3;

/**
 * Renders a module's default export once it has been fetched after the first render, keeping
 * it out of the first screen's script (docs/design.md §5). A failed fetch is tried again a few times
 * and otherwise leaves nothing: these extras must never break the page.
 * `load` must be stable (a module-level function).
 */
export function LoadLater({ load }: { load: () => Promise<{ default: ComponentType }> }) {
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    let timer: number | undefined;
    const attempt = (left: number) => {
      load().then(
        (module) => {
          if (live) setLoaded(() => module.default);
        },
        () => {
          if (live && left > 1) timer = window.setTimeout(() => attempt(left - 1), RETRY_MS);
        },
      );
    };
    attempt(ATTEMPTS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [load]);
  return Loaded ? <Loaded /> : null;
}
