// Servers for the benchmarks: the real server (a copy of the build, a fresh SQLite file) and a
// bare node:http JSON echo, each in its own process, on 127.0.0.1 and a free port of 3500-3599.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const PORTS = { first: 3500, last: 3599 };
const taken = new Set();

function isFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
      probe.close(() => resolve(true)),
    );
  });
}

export async function freePort() {
  for (let port = PORTS.first; port <= PORTS.last; port += 1) {
    if (taken.has(port)) continue;
    if (await isFree(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORTS.first}-${PORTS.last}`);
}

/**
 * Waits until `url` answers and the child itself said it listens (`listened()`): other people's
 * benchmarks use the same ports, and a server of theirs answering on a port ours then failed to
 * bind would otherwise take the whole run.
 */
async function waitFor(url, child, output, listened, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited (${child.exitCode}): ${output().slice(-2000)}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok && listened()) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s: ${output().slice(-2000)}`);
}

function startProcess(args, { env, healthPath, port }) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    // The server logs every request at info, as in production; the lines are read only for
    // the one saying it listens on our port, then dropped.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let listening = false;
  let head = '';
  const listenedOn = `listening at http://127.0.0.1:${port}`;
  child.stdout.on('data', (chunk) => {
    if (listening) return;
    head = (head + chunk).slice(-4000);
    if (head.includes(listenedOn)) listening = true;
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
    await exited;
    clearTimeout(timer);
    taken.delete(port);
  };
  return waitFor(
    `${origin}${healthPath}`,
    child,
    () => stderr,
    () => listening,
  ).then(
    () => ({
      origin,
      port,
      pid: child.pid,
      stop,
      stderr: () => stderr,
      /** Null while it runs; else how it ended, with the end of its standard error. */
      exited: () =>
        child.exitCode === null && child.signalCode === null
          ? null
          : `exit ${child.exitCode ?? child.signalCode}: ${stderr.slice(-600)}`,
    }),
    async (error) => {
      await stop();
      throw error;
    },
  );
}

/** The built server of `snapshot` with a fresh database file; rate limits off. */
export async function startAppServer(snapshot, { database, env = {} } = {}) {
  const port = await freePort();
  return startProcess([snapshot.serverMain], {
    port,
    healthPath: '/healthz',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database ?? path.join(snapshot.root, `bench-${port}.sqlite`),
      RATE_LIMIT_SUBMISSIONS: '0',
      RATE_LIMIT_LOOKUPS: '0',
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
      // As in production; and its "listening at" line is how a start is told apart (waitFor).
      LOG_LEVEL: 'info',
    },
  });
}

/** A bench server script of ours (the floor servers), answering `/healthz` once it listens. */
export function startProcessOn(script, { port, env = {} }) {
  return startProcess([script], { port, healthPath: '/healthz', env });
}

/** bench/echo-server.mjs: the floor any Node HTTP server stands on. */
export async function startEchoServer() {
  const port = await freePort();
  return startProcess([path.join(import.meta.dirname, '../echo-server.mjs')], {
    port,
    healthPath: '/healthz',
    env: { PORT: String(port) },
  });
}
