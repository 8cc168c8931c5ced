/**
 * Black-box: the built server as `npm start` runs it (node packages/server/dist/main.js), on a
 * free port with a temporary SQLite file, spoken to over real HTTP.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './test-support/build-server.js';
import { validPayload } from './test-support/fixtures.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const mainScript = path.join(repositoryRoot, 'packages/server/dist/main.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** The environment of the test run minus anything that would configure the server. */
function serverEnvironment(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  return { ...env, ...overrides };
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(env: Record<string, string>): Running {
  const child = spawn(process.execPath, [mainScript], {
    cwd: repositoryRoot,
    env: serverEnvironment(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

async function waitForHealth(baseUrl: string, server: Running): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited early:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /healthz in 20 s:\n${server.output()}`);
}

describe('the built server', () => {
  let directory: string;
  let databaseFile: string;
  let baseUrl: string;
  let server: Running;

  beforeAll(async () => {
    buildServer();
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-black-box-'));
    databaseFile = path.join(directory, 'nested', 'app.db');
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = run({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseFile,
      LOG_LEVEL: 'info',
    });
    await waitForHealth(baseUrl, server);
  }, 120_000);

  afterAll(async () => {
    const started = server as Running | undefined;
    if (started !== undefined && started.child.exitCode === null) {
      started.child.kill('SIGKILL');
      await started.exited;
    }
    if ((directory as string | undefined) !== undefined) {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });

  it('keeps the portal confirmation mail in the development mailbox, printed by npm run mailbox (decision 0025)', async () => {
    // Another person than the next test's applicant, so neither is a duplicate of the other.
    const payload = validPayload({
      variant: 'CDJ-MVP',
      email: 'mailbox.reader@example.com',
      contactNumber: '07911900777',
      dateOfBirth: '1985-02-01T00:00:00.000',
    });
    const post = (url: string, body: object) =>
      fetch(`${baseUrl}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post(`/api/submission/${payload.submissionKey}`, payload)).status).toBe(200);

    // The worker sends off the request path: wait for it (it polls every second).
    const mailbox = new Database(databaseFile, { readonly: true });
    try {
      const count = mailbox.prepare('select count(*) as n from dev_mailbox');
      for (let tries = 0; tries < 100; tries += 1) {
        if ((count.get() as { n: number }).n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      mailbox.close();
    }
    const cli = path.join(repositoryRoot, 'packages/server/dist/portal/mailbox-cli.js');
    const printed = execFileSync(process.execPath, [cli], {
      env: serverEnvironment({ DATABASE_URL: databaseFile }),
    }).toString();
    expect(printed).toContain('To: mailbox.reader@example.com');
    expect(printed).toContain('Subject: Confirm your email address');
    const code = /Your confirmation code is (\d{6})/.exec(printed)?.[1] ?? '';
    const verified = await post('/api/portal/verify-email', {
      email: 'mailbox.reader@example.com',
      code,
    });
    expect(verified.status).toBe(200);
    expect(server.output()).not.toContain(code);
    expect(server.output()).not.toContain('mailbox.reader');
  }, 30_000);

  it('stores a submission posted over HTTP in its SQLite file, then shuts down on SIGTERM', async () => {
    const payload = validPayload({ variant: 'CDJ-MVP' });
    const response = await fetch(`${baseUrl}/api/submission/${payload.submissionKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { applicationId: string; accountStatus: number };
    expect(answer.accountStatus).toBe(1);

    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);

    const database = new Database(databaseFile, { readonly: true });
    try {
      const row = database
        .prepare(
          'select status, outcome, application_id, remote_address from applications where submission_key = ?',
        )
        .get(payload.submissionKey);
      expect(row).toEqual({
        status: 'complete',
        outcome: 'approved',
        application_id: answer.applicationId,
        remote_address: '127.0.0.1',
      });
    } finally {
      database.close();
    }

    server.child.kill('SIGTERM');
    // The drain (SHUTDOWN_DRAIN_MS, 2 s by default): still answering, but no longer ready.
    let stopping: Response | undefined;
    for (let tries = 0; tries < 20 && stopping?.status !== 503; tries += 1) {
      stopping = await fetch(`${baseUrl}/readyz`);
    }
    expect(stopping?.status).toBe(503);
    expect(await stopping?.json()).toEqual({ status: 'stopping' });
    expect(stopping?.headers.get('connection')).toBe('close');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    expect(server.output()).toContain('"msg":"stopped"');
    expect(server.output()).not.toContain('Ada');
  }, 20_000);

  it('refuses to start with a wrong configuration and lists every problem', async () => {
    const failing = run({ PORT: 'eighty', ENVIRONMENT: 'staging', DATABASE_URL: databaseFile });
    expect(await failing.exited).toBe(1);
    expect(failing.output()).toContain('Invalid configuration:');
    expect(failing.output()).toContain('  - PORT: must be a whole number');
    expect(failing.output()).toContain('  - ENVIRONMENT:');
  });

  it('refuses to start with a broken lender panel file and says where each problem is', async () => {
    const panelFile = path.join(directory, 'panel.json');
    const sample = path.join(repositoryRoot, 'packages/server/data/lender-panel.sample.json');
    const panel = JSON.parse(fs.readFileSync(sample, 'utf8')) as {
      riskTiers: unknown[];
      lenders: { products: { apr: Record<string, number> }[] }[];
    };
    panel.lenders[0]!.products[0]!.apr.B = 19.9;
    fs.writeFileSync(panelFile, JSON.stringify(panel));
    const failing = run({ DATABASE_URL: databaseFile, LENDER_PANEL_FILE: panelFile });
    expect(await failing.exited).toBe(1);
    expect(failing.output()).toContain(
      `Invalid configuration:\n  - LENDER_PANEL_FILE: ${panelFile}: lenders[0].products[0].apr.B: must be a fraction below 1 (0.129 is 12.9%)`,
    );
  });
});
