// Chromium resolves every *.localhost name to loopback, so the one test server on 127.0.0.1
// answers under any host name, and the app picks its brand from that name alone.

/** The test server's origin with this first host label: 'progressive' → http://progressive.localhost:3100. */
export function originFor(baseURL: string | undefined, firstLabel: string): string {
  if (baseURL === undefined)
    throw new Error('baseURL is not set: run through playwright.config.ts');
  const url = new URL(baseURL);
  url.hostname = `${firstLabel}.localhost`;
  return url.origin;
}
