/**
 * The built server (`node packages/server/dist/main.js`, as `npm start` runs it) as a child
 * process on loopback, for the reliability tests and `npm run bench:reliability`: started,
 * killed with SIGKILL mid-load, and started again on the same database.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, sleep } from '../../../packages/server/src/test-support/ports.js';

/** This file is bench/reliability/harness/server-process.ts. */
export const REPOSITORY_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../..',
);
export const SERVER_PACKAGE = path.join(REPOSITORY_ROOT, 'packages', 'server');
export const MAIN_SCRIPT = path.join(SERVER_PACKAGE, 'dist', 'main.js');

/** Keeps the end of the server's output for error messages, not all of it (logs at info). */
const OUTPUT_TAIL = 20_000;

export { buildServer } from '../../../packages/server/src/test-support/build-server.js';
export { freePort, sleep };

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** The last 20 KB of stdout and stderr. */
  output(): string;
  /** Null while it runs. */
  exit(): Exit | null;
  readonly exited: Promise<Exit>;
  /** SIGKILL (a crash: no shutdown code runs), then waits for the exit. */
  crash(): Promise<Exit>;
  /** SIGTERM (graceful shutdown), then waits for the exit. */
  stop(): Promise<Exit>;
}

export interface StartServerOptions {
  /** DATABASE_URL: a SQLite file or a postgres:// URL. */
  databaseUrl: string;
  port?: number;
  /** More variables; PORT, HOST and DATABASE_URL are set from the options. */
  env?: Record<string, string>;
  /** How long to wait for /healthz. */
  timeoutMs?: number;
}

/**
 * Starts the built server with the given database on 127.0.0.1, submission and lookup rate
 * limits off (the load comes from one address), no drain at SIGTERM, and waits until /healthz
 * answers.
 */
export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  const child = spawn(process.execPath, [MAIN_SCRIPT], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...env,
      RATE_LIMIT_SUBMISSIONS: '0',
      RATE_LIMIT_LOOKUPS: '0',
      LOG_LEVEL: 'info',
      // Nothing balances these instances: a stop needs no drain (the shutdown scenario sets one).
      SHUTDOWN_DRAIN_MS: '0',
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 2 * OUTPUT_TAIL) output = output.slice(-OUTPUT_TAIL);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exit: Exit | null = null;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    child,
    output: () => output.slice(-OUTPUT_TAIL),
    exit: () => exit,
    exited,
    crash: async () => {
      if (exit === null) child.kill('SIGKILL');
      return exited;
    },
    stop: async () => {
      if (exit === null) child.kill('SIGTERM');
      return exited;
    },
  };

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (exit !== null) {
      throw new Error(`the server exited while starting (${JSON.stringify(exit)}):\n${output}`);
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.crash();
      throw new Error(`the server did not answer /healthz in time:\n${output}`);
    }
    await sleep(50);
  }
}
