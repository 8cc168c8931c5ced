/**
 * A webhook receiver on loopback for the delivery tests: records every request (headers and the
 * raw body) and answers as the test says: accept, refuse with a status, or hang.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  /** Requests for the same webhook-id in progress at once, this one included. */
  concurrentSameId: number;
}

export type ReceiverMode = { accept: true } | { status: number } | { hang: true };

export interface Receiver {
  url: string;
  received: ReceivedRequest[];
  mode: ReceiverMode;
  /** Answer every request with this much delay (accepting ones only). */
  delayMs: number;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks/broker', port = 0): Promise<Receiver> {
  const inProgress = new Map<string, number>();
  const receiver: Receiver = {
    url: '',
    received: [],
    mode: { accept: true },
    delayMs: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const concurrent = (inProgress.get(id) ?? 0) + 1;
      inProgress.set(id, concurrent);
      receiver.received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        concurrentSameId: concurrent,
      });
      const done = () => inProgress.set(id, (inProgress.get(id) ?? 1) - 1);
      const mode = receiver.mode;
      if ('hang' in mode) {
        response.on('close', done);
        return;
      }
      setTimeout(() => {
        done();
        response.writeHead('status' in mode ? mode.status : 204).end();
      }, receiver.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}
