/**
 * The operations settings (docs/operations.md): secrets from files, the metrics listener, the
 * shutdown's timings and the rate limits' share per instance.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SECRET_SETTINGS } from '../config.js';
import { newSecret } from '../delivery/signing.js';
import { allowList } from './allow-list.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-secrets-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

let files = 0;
/** A secret file as Docker or Kubernetes mounts it: the value and a line break. */
function secretFile(contents: string): string {
  files += 1;
  const file = path.join(folder, `secret-${files}`);
  fs.writeFileSync(file, contents, { mode: 0o600 });
  return file;
}

function problemsOf(env: Record<string, string>, cwd = folder): readonly string[] {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

const webhookSecret = newSecret();

/** Each secret setting, a valid value, what else it needs, and where the config holds it. */
const SECRETS: Record<
  (typeof SECRET_SETTINGS)[number],
  {
    value: string;
    with?: Record<string, string>;
    read: (config: ReturnType<typeof loadConfig>) => unknown;
    expected?: unknown;
  }
> = {
  DATABASE_URL: {
    value: 'postgres://broker:s3cret%20pass@db:5432/broker',
    read: (config) => config.database,
    expected: { kind: 'postgres', url: 'postgres://broker:s3cret%20pass@db:5432/broker' },
  },
  ADDRESS_API_KEY: {
    value: 'AA11-BB22-CC33-DD44',
    with: { ADDRESS_PROVIDER: 'loqate' },
    read: (config) => config.address.apiKey,
  },
  ALERT_WEBHOOK_URL: {
    value: 'https://hooks.slack.com/services/T000/B000/XXXX',
    read: (config) => config.alertWebhookUrl,
  },
  DELIVERY_WEBHOOK_SECRET: {
    value: webhookSecret,
    with: { DELIVERY_WEBHOOK_URL: 'https://receiver.example/hooks' },
    read: (config) => config.delivery.endpoints[0]?.secret.toString('base64'),
    expected: webhookSecret.slice('whsec_'.length),
  },
  SMTP_URL: {
    value: 'smtps://user:pa55@smtp.example.com:465',
    read: (config) => config.smtpUrl,
  },
  PORTAL_CODE_SECRET: {
    value: 'p'.repeat(40),
    read: (config) => config.portalCodeSecret,
  },
  STAFF_IDENTIFIER_SECRET: {
    value: 's'.repeat(40),
    read: (config) => config.staffIdentifierSecret,
  },
  DOCUMENTS_S3_SECRET_ACCESS_KEY: {
    value: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    with: {
      DOCUMENTS_S3_ENDPOINT: 'https://s3.eu-west-2.amazonaws.com',
      DOCUMENTS_S3_BUCKET: 'broker-documents',
      DOCUMENTS_S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
    },
    read: (config) => config.documentsS3?.secretAccessKey,
  },
};

describe('secrets from files (NAME_FILE)', () => {
  it.each(Object.entries(SECRETS))(
    '%s_FILE gives the setting the file’s contents, without its last line break',
    (name, secret) => {
      const config = loadConfig(
        { ...secret.with, [`${name}_FILE`]: secretFile(`${secret.value}\n`) },
        folder,
      );
      expect(secret.read(config)).toEqual(secret.expected ?? secret.value);
    },
  );

  it('lists every secret setting the README documents', () => {
    expect([...SECRET_SETTINGS].sort()).toEqual(Object.keys(SECRETS).sort());
    const readme = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../README.md'),
      'utf8',
    );
    for (const name of SECRET_SETTINGS) expect(readme).toContain(`\`${name}_FILE\``);
  });

  it('reads a path relative to the working directory', () => {
    secretFile('');
    fs.writeFileSync(path.join(folder, 'portal-secret'), `${'r'.repeat(32)}\n`);
    expect(loadConfig({ PORTAL_CODE_SECRET_FILE: 'portal-secret' }, folder).portalCodeSecret).toBe(
      'r'.repeat(32),
    );
  });

  it('refuses both NAME and NAME_FILE, an unreadable file and an empty one, all at once', () => {
    const problems = problemsOf({
      SMTP_URL: 'smtp://localhost:25',
      SMTP_URL_FILE: secretFile('smtp://localhost:2525\n'),
      PORTAL_CODE_SECRET_FILE: path.join(folder, 'no-such-file'),
      ALERT_WEBHOOK_URL_FILE: secretFile('\n'),
    });
    expect(problems).toEqual([
      'ALERT_WEBHOOK_URL_FILE: ' + `${path.join(folder, `secret-${files}`)} is empty`,
      'SMTP_URL: set either SMTP_URL or SMTP_URL_FILE, not both',
      `PORTAL_CODE_SECRET_FILE: cannot read ${path.join(folder, 'no-such-file')} (ENOENT)`,
    ]);
  });

  it('checks a value read from a file like any other, without quoting it', () => {
    const problems = problemsOf({ SMTP_URL_FILE: secretFile('http://user:hunter2@mail\n') });
    expect(problems).toEqual(['SMTP_URL: must be an smtp:// or smtps:// URL']);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('leaves NAME_FILE of a setting that is not a secret alone', () => {
    expect(loadConfig({ COMPANY_NAME_FILE: '/nowhere' }, folder).company.name).toContain('sample');
  });
});

describe('the metrics listener and the shutdown', () => {
  it('has no metrics listener, a 2 s drain and a 10 s timeout by default', () => {
    expect(loadConfig({}, folder).ops).toEqual({
      metrics: { port: null, host: '127.0.0.1', allow: ['loopback', 'uniquelocal'] },
      shutdown: { timeoutMs: 10_000, drainMs: 2000 },
    });
  });

  it('reads METRICS_PORT, METRICS_HOST, METRICS_ALLOW and the shutdown timings', () => {
    const config = loadConfig(
      {
        METRICS_PORT: '9464',
        METRICS_HOST: '0.0.0.0',
        METRICS_ALLOW: '10.0.0.0/8, 192.0.2.7,loopback',
        SHUTDOWN_TIMEOUT_MS: '25000',
        SHUTDOWN_DRAIN_MS: '10000',
      },
      folder,
    );
    expect(config.ops).toEqual({
      metrics: { port: 9464, host: '0.0.0.0', allow: ['10.0.0.0/8', '192.0.2.7', 'loopback'] },
      shutdown: { timeoutMs: 25_000, drainMs: 10_000 },
    });
  });

  it('refuses metrics on the public port, a wrong allow list and timings out of range', () => {
    expect(
      problemsOf({
        PORT: '8080',
        METRICS_PORT: '8080',
        METRICS_ALLOW: 'loopback,everyone,10.0.0.0/33',
        SHUTDOWN_TIMEOUT_MS: '500',
        SHUTDOWN_DRAIN_MS: 'soon',
      }),
    ).toEqual([
      'METRICS_PORT: must differ from PORT (metrics are never on the public port)',
      'METRICS_ALLOW: must be a comma list of IP addresses, CIDRs, loopback, linklocal or uniquelocal (not: everyone, 10.0.0.0/33)',
      'SHUTDOWN_TIMEOUT_MS: must be a whole number from 1000 to 600000',
      'SHUTDOWN_DRAIN_MS: must be a whole number from 0 to 600000',
    ]);
    expect(problemsOf({ SHUTDOWN_TIMEOUT_MS: '4000', SHUTDOWN_DRAIN_MS: '3000' })).toEqual([
      'SHUTDOWN_DRAIN_MS: must be at most half of SHUTDOWN_TIMEOUT_MS',
    ]);
  });

  it('lets only the allowed addresses scrape, IPv4 seen through IPv6 included', () => {
    const allowed = allowList(['loopback', 'uniquelocal']);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '::ffff:10.1.2.3']) {
      expect(allowed(address)).toBe(true);
    }
    for (const address of ['172.31.255.254', '192.168.0.9', 'fd12:3456::1']) {
      expect(allowed(address)).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '::ffff:8.8.8.8', '2001:db8::1', undefined]) {
      expect(allowed(address)).toBe(false);
    }
    expect(allowList(['192.0.2.7'])('192.0.2.7')).toBe(true);
    expect(allowList(['192.0.2.7'])('192.0.2.8')).toBe(false);
  });
});

describe('rate limits over several instances (RATE_LIMIT_INSTANCES)', () => {
  it('gives each instance its share of every limit, never 0 unless the limit is off', () => {
    const limits = (env: Record<string, string>) => loadConfig(env, folder).rateLimits;
    expect(limits({})).toEqual({
      lookupsPerMinute: 60,
      submissionsPerMinute: 20,
      staffSignInPerMinute: 10,
      instances: 1,
    });
    expect(limits({ RATE_LIMIT_INSTANCES: '2' })).toEqual({
      lookupsPerMinute: 30,
      submissionsPerMinute: 10,
      staffSignInPerMinute: 5,
      instances: 2,
    });
    expect(limits({ RATE_LIMIT_INSTANCES: '3' })).toEqual({
      lookupsPerMinute: 20,
      submissionsPerMinute: 6,
      staffSignInPerMinute: 3,
      instances: 3,
    });
    expect(limits({ RATE_LIMIT_INSTANCES: '4', RATE_LIMIT_SUBMISSIONS: '2' })).toMatchObject({
      submissionsPerMinute: 1,
    });
    expect(limits({ RATE_LIMIT_INSTANCES: '4', RATE_LIMIT_SUBMISSIONS: '0' })).toMatchObject({
      submissionsPerMinute: 0,
    });
    expect(problemsOf({ RATE_LIMIT_INSTANCES: '0' })).toEqual([
      'RATE_LIMIT_INSTANCES: must be at least 1',
    ]);
  });
});
