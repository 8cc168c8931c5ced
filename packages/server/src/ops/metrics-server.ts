import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { allowList } from './allow-list.js';

export interface MetricsServer {
  /** http://host:port of the listener. */
  readonly url: string;
  close(): Promise<void>;
}

export interface MetricsServerOptions {
  registry: Registry;
  port: number;
  host: string;
  /** Who may scrape: addresses, CIDRs, loopback, linklocal, uniquelocal. */
  allow: readonly string[];
  logger: { error(object: object, message: string): void };
}

/**
 * `GET /metrics` on a listener of its own (docs/decisions/0068-metrics-on-their-own-listener.md):
 * never on the public port, bound to METRICS_HOST, and answering only the addresses of
 * METRICS_ALLOW (403 to any other), so publishing the port by mistake still shows nothing.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const { registry } = options;
  const allowed = allowList(options.allow);
  const server = http.createServer((request, response) => {
    const send = (status: number, text: string, type = 'text/plain; charset=utf-8') => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : text);
    };
    if (!allowed(request.socket.remoteAddress)) return send(403, 'Forbidden\n');
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') return send(404, 'Not found\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return send(405, 'Method not allowed\n');
    }
    registry.metrics().then(
      (text) => send(200, text, registry.contentType),
      (error: unknown) => {
        options.logger.error({ errorName: (error as Error).name }, 'metrics could not be read');
        send(500, 'Metrics could not be read\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: options.host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
