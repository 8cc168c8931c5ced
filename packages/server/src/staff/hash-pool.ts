import os from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Password hashing off the main thread and off libuv's thread pool
 * (docs/decisions/0056-password-hashing-pool.md). scrypt at 128 MiB takes a core for about half a
 * second; run through `crypto.scrypt` it takes one of libuv's four threads, which SQLite's
 * durable writes and static files also wait for, so a burst of sign-ins froze the applicant's
 * site. Here each hash runs synchronously on a worker thread of a small pool, and a bounded queue
 * refuses work it could not start soon: the caller answers 503 with Retry-After.
 */

// The worker is a few lines of plain JavaScript given as source, so it runs the same from the
// TypeScript sources (tests) and from the build, with no file to locate. It uses the synchronous
// scrypt on purpose: the asynchronous one would go back to libuv's pool.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', (job) => {
  try {
    const key = scryptSync(job.password, Buffer.from(job.salt), job.keyLength, {
      N: job.N, r: job.r, p: job.p, maxmem: 256 * job.N * job.r,
    });
    parentPort.postMessage({ id: job.id, key });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : 'failed' });
  }
});
`;

export interface ScryptJob {
  password: string;
  salt: Buffer;
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

/** Thrown when every worker is busy and the queue is full: answer 503 and Retry-After. */
export class HashPoolBusyError extends Error {
  constructor() {
    super('Password hashing is busy');
    this.name = 'HashPoolBusyError';
  }
}

export interface HashPoolOptions {
  /** Worker threads; default one fewer than the cores, at least 1 and at most 2. */
  workers?: number;
  /** Jobs that may wait for a worker; one more is refused. Default 8. */
  maxQueued?: number;
}

export interface HashPool {
  scrypt(job: ScryptJob): Promise<Buffer>;
  /** Hashes running and waiting now. */
  load(): { running: number; queued: number };
  close(): Promise<void>;
}

interface Pending {
  job: ScryptJob;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  current: (Pending & { id: number }) | null;
}

export const DEFAULT_MAX_QUEUED = 8;

export function defaultWorkerCount(): number {
  return Math.max(1, Math.min(2, os.availableParallelism() - 1));
}

export function createHashPool(options: HashPoolOptions = {}): HashPool {
  const size = options.workers ?? defaultWorkerCount();
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    // An idle pool must not keep a process (the staff command, a test) alive.
    worker.unref();
    const slot: Slot = { worker, current: null };
    worker.on('message', (message: { id: number; key?: Uint8Array; error?: string }) => {
      const done = slot.current;
      slot.current = null;
      worker.unref();
      if (done && done.id === message.id) {
        if (message.key) done.resolve(Buffer.from(message.key));
        else done.reject(new Error(message.error ?? 'scrypt failed'));
      }
      next(slot);
    });
    worker.on('error', (error) => {
      slot.current?.reject(error);
      slot.current = null;
    });
    worker.on('exit', () => {
      slot.current?.reject(new Error('hash worker exited'));
      slot.current = null;
      if (closed) return;
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      if (queue.length > 0) {
        const fresh = spawn();
        slots.push(fresh);
        next(fresh);
      }
    });
    return slot;
  }

  function start(slot: Slot, pending: Pending): void {
    const id = nextId++;
    slot.current = { ...pending, id };
    // Held while a hash runs, so a process waiting only for it does not exit.
    slot.worker.ref();
    const { password, salt, N, r, p, keyLength } = pending.job;
    slot.worker.postMessage({ id, password, salt: new Uint8Array(salt), N, r, p, keyLength });
  }

  function next(slot: Slot): void {
    if (slot.current !== null) return;
    const pending = queue.shift();
    if (pending) start(slot, pending);
  }

  return {
    scrypt(job) {
      if (closed) return Promise.reject(new Error('hash pool closed'));
      return new Promise<Buffer>((resolve, reject) => {
        const pending = { job, resolve, reject };
        if (slots.length < size) slots.push(spawn());
        const idle = slots.find((slot) => slot.current === null);
        if (idle) return start(idle, pending);
        if (queue.length >= maxQueued) return reject(new HashPoolBusyError());
        queue.push(pending);
      });
    },
    load: () => ({
      running: slots.filter((slot) => slot.current !== null).length,
      queued: queue.length,
    }),
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('hash pool closed'));
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
      slots.length = 0;
    },
  };
}

let shared: HashPool | null = null;

/** The process's pool: the server's sign-ins, the staff command and the tests share it. */
export function sharedHashPool(): HashPool {
  shared ??= createHashPool();
  return shared;
}
