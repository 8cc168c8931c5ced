import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { SAMPLE_PANEL_PATH } from './applications/lender-panel.js';

const cwd = '/srv/broker';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

const COMPANY = {
  COMPANY_NAME: 'Acme Broking Ltd',
  COMPANY_NUMBER: '12345678',
  FCA_NUMBER: '123456',
  COMPANY_ADDRESS: '2 High Street, Leeds, LS1 1AA',
  COMPANY_EMAIL: 'help@acme.example',
  COMPANY_PHONE: '0113 496 0000',
  ICO_NUMBER: 'ZA123456',
};

const PORTAL_MAIL = {
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
  PORTAL_CODE_SECRET: 'k'.repeat(32),
  STAFF_IDENTIFIER_SECRET: 's'.repeat(32),
};

describe('loadConfig', () => {
  it('runs locally on an empty environment with the documented defaults', () => {
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      database: { kind: 'sqlite', file: path.join(cwd, 'data', 'app.db') },
      environment: 'local',
      address: { provider: 'embedded', apiKey: null, dataset: null, apiBaseUrl: null },
      alertWebhookUrl: null,
      trustProxy: false,
      duplicateWindowDays: 30,
      minMonthlyIncome: 500,
      minAge: 21,
      maxAge: 75,
      portal: { thankYouUrl: '/portal/thank-you', welcomeBackUrl: '/portal/welcome-back' },
      tagManagerOrigin: null,
      publicApiBase: null,
      rateLimits: {
        lookupsPerMinute: 60,
        submissionsPerMinute: 20,
        staffSignInPerMinute: 10,
        instances: 1,
      },
      logLevel: 'info',
      requestTimeoutMs: 30_000,
    });
    expect(config.company.name).toContain('sample');
    expect(config.quoteValidDays).toBe(30);
    expect(config.lenderPanel).toMatchObject({ version: 'sample-2026-11', sampleData: true });
    expect(config.lenderPanel.lenders.map((lender) => lender.name)).toEqual([
      'Pennyworth Motor Finance (fictional)',
      'Northgate Vehicle Credit (fictional)',
      'Hearthstone Homeowner Loans (fictional)',
      'Kestrel Second Charge (fictional)',
    ]);
    expect(config.company.email).toBe('hello@example.com');
  });

  it('keeps uploaded documents beside the SQLite file, or in DOCUMENTS_DIR (docs/documents.md)', () => {
    expect(loadConfig({}, cwd).documentsDir).toBe(path.join(cwd, 'data', 'documents'));
    expect(loadConfig({ DATABASE_URL: '/var/lib/broker/app.db' }, cwd).documentsDir).toBe(
      '/var/lib/broker/documents',
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db/app' }, cwd).documentsDir).toBe(
      path.join(cwd, 'data', 'documents'),
    );
    expect(loadConfig({ DOCUMENTS_DIR: 'files' }, cwd).documentsDir).toBe(path.join(cwd, 'files'));
    expect(loadConfig({ PORT: '4000' }, cwd).publicBaseUrl).toBe('http://localhost:4000');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://apply.example.com/' }, cwd).publicBaseUrl).toBe(
      'https://apply.example.com',
    );
  });

  describe('documents in an S3-compatible bucket (DOCUMENTS_S3_*, docs/documents.md)', () => {
    const S3 = {
      DOCUMENTS_S3_ENDPOINT: 'https://s3.eu-west-2.amazonaws.com/',
      DOCUMENTS_S3_BUCKET: 'acme-broker-documents',
      DOCUMENTS_S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
      DOCUMENTS_S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    };

    it('reads a full configuration; the region is us-east-1 unless given; no bucket by default', () => {
      expect(loadConfig({}, cwd).documentsS3).toBeNull();
      expect(loadConfig(S3, cwd).documentsS3).toEqual({
        endpoint: 'https://s3.eu-west-2.amazonaws.com',
        bucket: 'acme-broker-documents',
        region: 'us-east-1',
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        prefix: '',
        serverSideEncryption: false,
        timeoutMs: 30_000,
      });
      expect(
        loadConfig(
          {
            ...S3,
            DOCUMENTS_S3_REGION: 'eu-west-2',
            DOCUMENTS_S3_PREFIX: 'documents/',
            DOCUMENTS_S3_SERVER_SIDE_ENCRYPTION: 'true',
            DOCUMENTS_S3_TIMEOUT_MS: '10000',
          },
          cwd,
        ).documentsS3,
      ).toMatchObject({
        region: 'eu-west-2',
        prefix: 'documents/',
        serverSideEncryption: true,
        timeoutMs: 10_000,
      });
    });

    it('refuses a partial configuration at start, naming what is missing', () => {
      expect(
        problemsOf({
          DOCUMENTS_S3_BUCKET: 'acme-broker-documents',
          DOCUMENTS_S3_REGION: 'eu-west-2',
        }),
      ).toEqual([
        'DOCUMENTS_S3_*: DOCUMENTS_S3_ENDPOINT, DOCUMENTS_S3_ACCESS_KEY_ID, DOCUMENTS_S3_SECRET_ACCESS_KEY are missing (DOCUMENTS_S3_BUCKET, DOCUMENTS_S3_REGION are set; documents go to a bucket only when all of DOCUMENTS_S3_ENDPOINT, DOCUMENTS_S3_BUCKET, DOCUMENTS_S3_ACCESS_KEY_ID, DOCUMENTS_S3_SECRET_ACCESS_KEY are set)',
      ]);
      const { DOCUMENTS_S3_SECRET_ACCESS_KEY: _secret, ...withoutSecret } = S3;
      expect(problemsOf(withoutSecret)).toEqual([
        'DOCUMENTS_S3_*: DOCUMENTS_S3_SECRET_ACCESS_KEY is missing (DOCUMENTS_S3_ACCESS_KEY_ID, DOCUMENTS_S3_BUCKET, DOCUMENTS_S3_ENDPOINT are set; documents go to a bucket only when all of DOCUMENTS_S3_ENDPOINT, DOCUMENTS_S3_BUCKET, DOCUMENTS_S3_ACCESS_KEY_ID, DOCUMENTS_S3_SECRET_ACCESS_KEY are set)',
      ]);
      expect(problemsOf({ ...S3, DOCUMENTS_DIR: '/srv/files' })).toEqual([
        'DOCUMENTS_DIR: set either DOCUMENTS_DIR (a folder) or DOCUMENTS_S3_* (a bucket), not both',
      ]);
    });

    it('reads the secret from DOCUMENTS_S3_SECRET_ACCESS_KEY_FILE, and refuses both at once', () => {
      const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-s3-secret-'));
      try {
        fs.writeFileSync(path.join(directory, 's3-secret'), 'Secret-From-A-File-123\n');
        const { DOCUMENTS_S3_SECRET_ACCESS_KEY: secret, ...rest } = S3;
        const fromFile = loadConfig(
          { ...rest, DOCUMENTS_S3_SECRET_ACCESS_KEY_FILE: 's3-secret' },
          directory,
        );
        expect(fromFile.documentsS3?.secretAccessKey).toBe('Secret-From-A-File-123');
        const problems = problemsOf({
          ...S3,
          DOCUMENTS_S3_SECRET_ACCESS_KEY_FILE: path.join(directory, 's3-secret'),
        });
        expect(problems).toEqual([
          'DOCUMENTS_S3_SECRET_ACCESS_KEY: set either DOCUMENTS_S3_SECRET_ACCESS_KEY or DOCUMENTS_S3_SECRET_ACCESS_KEY_FILE, not both',
        ]);
        expect(
          problemsOf({ ...rest, DOCUMENTS_S3_SECRET_ACCESS_KEY_FILE: '/nowhere/s3-secret' }),
        ).toEqual(['DOCUMENTS_S3_SECRET_ACCESS_KEY_FILE: cannot read /nowhere/s3-secret (ENOENT)']);
        expect(problems.join('\n')).not.toContain(secret);
      } finally {
        fs.rmSync(directory, { recursive: true, force: true });
      }
    });

    it('refuses, outside local, an endpoint that is not https (http only to localhost)', () => {
      const production = { ENVIRONMENT: 'production', ...COMPANY, ...PORTAL_MAIL };
      const problems = problemsOf({
        ...production,
        ...S3,
        DOCUMENTS_S3_ENDPOINT: 'http://minio.internal:9000',
      }).filter((problem) => !problem.startsWith('LENDER_PANEL_FILE'));
      expect(problems).toEqual([
        'DOCUMENTS_S3_ENDPOINT: must be https when ENVIRONMENT is production (http only to localhost)',
      ]);
      const uat = { ...production, ENVIRONMENT: 'uat', ...S3 };
      expect(() => loadConfig(uat, cwd)).not.toThrow();
      expect(() =>
        loadConfig({ ...uat, DOCUMENTS_S3_ENDPOINT: 'http://127.0.0.1:9000' }, cwd),
      ).not.toThrow();
      expect(
        loadConfig({ ...S3, DOCUMENTS_S3_ENDPOINT: 'http://minio:9000' }, cwd).documentsS3,
      ).not.toBeNull();
    });

    it('says what is wrong with each value, never quoting the secret', () => {
      const problems = problemsOf({
        DOCUMENTS_S3_ENDPOINT: 'https://s3.example.com/my-bucket',
        DOCUMENTS_S3_BUCKET: 'My_Bucket',
        DOCUMENTS_S3_ACCESS_KEY_ID: 'key id',
        DOCUMENTS_S3_SECRET_ACCESS_KEY: 'short',
        DOCUMENTS_S3_PREFIX: '../documents/',
      });
      expect(problems).toEqual([
        'DOCUMENTS_S3_ENDPOINT: must be the service’s address without a path, e.g. https://s3.eu-west-2.amazonaws.com',
        'DOCUMENTS_S3_BUCKET: must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
        'DOCUMENTS_S3_ACCESS_KEY_ID: must be an access key id: letters, digits, _ and -',
        'DOCUMENTS_S3_SECRET_ACCESS_KEY: must be at least 8 characters',
        'DOCUMENTS_S3_PREFIX: must not contain . or .. as a folder name',
      ]);
      expect(problems.join('\n')).not.toContain('short');
    });
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ', ENVIRONMENT: '' }, cwd)).toMatchObject({
      port: 3000,
      environment: 'local',
      database: { kind: 'sqlite' },
    });
  });

  it.each([
    ['./tmp/app.db', path.join(cwd, 'tmp/app.db')],
    ['/var/lib/broker/app.db', '/var/lib/broker/app.db'],
    ['sqlite:./db/x.db', path.join(cwd, 'db/x.db')],
    ['sqlite:///var/x.db', '/var/x.db'],
    ['sqlite::memory:', ':memory:'],
  ])('reads DATABASE_URL %s as the SQLite file %s', (url, file) => {
    expect(loadConfig({ DATABASE_URL: url }, cwd).database).toEqual({ kind: 'sqlite', file });
  });

  it.each(['postgres://u:p@db:5432/broker', 'postgresql://db/broker'])(
    'reads DATABASE_URL %s as PostgreSQL',
    (url) => {
      expect(loadConfig({ DATABASE_URL: url }, cwd).database).toEqual({ kind: 'postgres', url });
    },
  );

  it.each([
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1,loopback', ['10.0.0.0/8', '192.168.1.1', 'loopback']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('reads TRUST_PROXY %s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }, cwd).trustProxy).toEqual(expected);
  });

  it('reads numbers, limits and URLs', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DUPLICATE_WINDOW_DAYS: '7',
        MIN_MONTHLY_INCOME: '800',
        MIN_AGE: '18',
        MAX_AGE: '70',
        RATE_LIMIT_LOOKUPS: '0',
        RATE_LIMIT_SUBMISSIONS: '0',
        ALERT_WEBHOOK_URL: 'https://hooks.example.com/T000/B000',
        PORTAL_THANK_YOU_URL: 'https://portal.example.com/thanks',
        LOG_LEVEL: 'warn',
        REQUEST_TIMEOUT_MS: '5000',
        ADDRESS_PROVIDER: 'loqate',
        ADDRESS_API_KEY: 'AA11-BB22',
        ADDRESS_API_BASE_URL: 'http://127.0.0.1:9999',
        ADDRESS_DATASET: 'data/addresses.json',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      duplicateWindowDays: 7,
      minMonthlyIncome: 800,
      minAge: 18,
      maxAge: 70,
      rateLimits: { lookupsPerMinute: 0, submissionsPerMinute: 0 },
      alertWebhookUrl: 'https://hooks.example.com/T000/B000',
      portal: { thankYouUrl: 'https://portal.example.com/thanks' },
      logLevel: 'warn',
      requestTimeoutMs: 5000,
      address: {
        provider: 'loqate',
        apiKey: 'AA11-BB22',
        apiBaseUrl: 'http://127.0.0.1:9999',
        dataset: path.join(cwd, 'data/addresses.json'),
      },
    });
  });

  it('allows the tag manager origin in the CSP only when the tag manager is enabled', () => {
    expect(
      loadConfig({ TAG_MANAGER_ORIGIN: 'https://tags.example.com' }, cwd).tagManagerOrigin,
    ).toBe(null);
    expect(loadConfig({ GTM_ENABLED: 'true' }, cwd).tagManagerOrigin).toBe(
      'https://www.googletagmanager.com',
    );
    expect(
      loadConfig({ GTM_ENABLED: 'true', TAG_MANAGER_ORIGIN: 'https://tags.example.com/' }, cwd)
        .tagManagerOrigin,
    ).toBe('https://tags.example.com');
  });

  it('reads the public API base: an http(s) URL, https outside local and development', () => {
    expect(loadConfig({}, cwd).publicApiBase).toBe(null);
    expect(
      loadConfig({ PUBLIC_API_BASE_URL: 'https://api.example.com/broker/' }, cwd).publicApiBase,
    ).toBe('https://api.example.com/broker');
    expect(
      loadConfig(
        {
          ...COMPANY,
          ...PORTAL_MAIL,
          ENVIRONMENT: 'development',
          PUBLIC_API_BASE_URL: 'http://api.dev.test',
        },
        cwd,
      ).publicApiBase,
    ).toBe('http://api.dev.test');
    expect(problemsOf({ PUBLIC_API_BASE_URL: 'api.example.com' })).toEqual([
      'PUBLIC_API_BASE_URL: must be an http(s) URL',
    ]);
    expect(problemsOf({ PUBLIC_API_BASE_URL: 'https://user:pw@api.example.com' })).toEqual([
      'PUBLIC_API_BASE_URL: must be an http(s) URL without credentials, query or fragment, e.g. https://api.example.com',
    ]);
    expect(problemsOf({ PUBLIC_API_BASE_URL: 'https://api.example.com/?x=1' })).toHaveLength(1);
    expect(
      problemsOf({
        ...COMPANY,
        ...PORTAL_MAIL,
        ENVIRONMENT: 'uat',
        PUBLIC_API_BASE_URL: 'http://api.example.com',
      }),
    ).toEqual(['PUBLIC_API_BASE_URL: must be https when ENVIRONMENT is uat']);
  });

  it('requires the company details outside local and uses them as given', () => {
    expect(problemsOf({ ENVIRONMENT: 'production' })).toEqual([
      'COMPANY_NAME: required when ENVIRONMENT is production',
      'COMPANY_NUMBER: required when ENVIRONMENT is production',
      'FCA_NUMBER: required when ENVIRONMENT is production',
      'COMPANY_ADDRESS: required when ENVIRONMENT is production',
      'COMPANY_EMAIL: required when ENVIRONMENT is production',
      'COMPANY_PHONE: required when ENVIRONMENT is production',
      'ICO_NUMBER: required when ENVIRONMENT is production',
      'SMTP_URL: required when ENVIRONMENT is production',
      'PORTAL_CODE_SECRET: required when ENVIRONMENT is production',
      'STAFF_IDENTIFIER_SECRET: required when ENVIRONMENT is production',
      `LENDER_PANEL_FILE: ${SAMPLE_PANEL_PATH} is sample data (fictional lenders): not allowed in production`,
    ]);
    const config = loadConfig({ ENVIRONMENT: 'uat', ...COMPANY, ...PORTAL_MAIL }, cwd);
    expect(config.company).toEqual({
      name: 'Acme Broking Ltd',
      number: '12345678',
      fcaNumber: '123456',
      address: '2 High Street, Leeds, LS1 1AA',
      email: 'help@acme.example',
      phone: '0113 496 0000',
      icoNumber: 'ZA123456',
    });
  });

  it('reads the portal mail transport and code secret (docs/decisions/0025-portal-mail.md)', () => {
    const config = loadConfig({ ENVIRONMENT: 'uat', ...COMPANY, ...PORTAL_MAIL }, cwd);
    expect(config.smtpUrl).toBe('smtps://user:pass@smtp.example.com:465');
    expect(config.portalCodeSecret).toBe('k'.repeat(32));
    // local: the development mailbox and a secret made for this process.
    const local = loadConfig({}, cwd);
    expect(local.smtpUrl).toBeNull();
    expect(local.portalCodeSecret).toMatch(/^[\w-]{43}$/);
    expect(loadConfig({}, cwd).portalCodeSecret).not.toBe(local.portalCodeSecret);
    expect(
      problemsOf({ SMTP_URL: 'https://mail.example.com', PORTAL_CODE_SECRET: 'short' }),
    ).toEqual([
      'SMTP_URL: must be an smtp:// or smtps:// URL',
      'PORTAL_CODE_SECRET: must be at least 32 characters',
    ]);
  });

  it('refuses at start, outside local, alerts over plain http and SMTP without TLS (docs/security.md)', () => {
    const base = { ENVIRONMENT: 'production', ...COMPANY, ...PORTAL_MAIL };
    expect(
      problemsOf({
        ...base,
        LENDER_PANEL_FILE: SAMPLE_PANEL_PATH,
        ALERT_WEBHOOK_URL: 'http://hooks.example.com/alerts',
        SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
      }).filter((problem) => !problem.startsWith('LENDER_PANEL_FILE')),
    ).toEqual([
      'ALERT_WEBHOOK_URL: must be https when ENVIRONMENT is production (http only to localhost)',
      'SMTP_URL: must use TLS when ENVIRONMENT is production: smtps://, or smtp:// with ?requireTLS=true (plain smtp:// only to localhost)',
    ]);
    const uat = { ...base, ENVIRONMENT: 'uat' };
    for (const accepted of [
      { ALERT_WEBHOOK_URL: 'https://hooks.example.com/alerts' },
      { ALERT_WEBHOOK_URL: 'http://127.0.0.1:9000/alerts' },
      { SMTP_URL: 'smtps://user:pass@smtp.example.com:465' },
      { SMTP_URL: 'smtp://user:pass@smtp.example.com:587?requireTLS=true' },
      { SMTP_URL: 'smtp://localhost:25' },
    ]) {
      expect(() => loadConfig({ ...uat, ...accepted }, cwd)).not.toThrow();
    }
    // local keeps plain http and smtp for development.
    expect(() =>
      loadConfig(
        { ALERT_WEBHOOK_URL: 'http://hooks.example.com', SMTP_URL: 'smtp://mail.example.com' },
        cwd,
      ),
    ).not.toThrow();
  });

  it('reads the staff identifier secret: required outside local, made per process in local', () => {
    expect(
      loadConfig({ ENVIRONMENT: 'uat', ...COMPANY, ...PORTAL_MAIL }, cwd).staffIdentifierSecret,
    ).toBe('s'.repeat(32));
    expect(loadConfig({}, cwd).staffIdentifierSecret).toMatch(/^[\w-]{43}$/);
    expect(problemsOf({ STAFF_IDENTIFIER_SECRET: 'short' })).toEqual([
      'STAFF_IDENTIFIER_SECRET: must be at least 32 characters',
    ]);
  });

  it('reads the retention periods (docs/data-lifecycle.md)', () => {
    expect(loadConfig({}, cwd).retention).toEqual({
      decidedYears: 6,
      partialDays: 90,
      deliveredDays: 30,
    });
    expect(
      loadConfig(
        {
          RETENTION_DECIDED_YEARS: '7',
          RETENTION_PARTIAL_DAYS: '30',
          RETENTION_DELIVERED_DAYS: '14',
        },
        cwd,
      ).retention,
    ).toEqual({ decidedYears: 7, partialDays: 30, deliveredDays: 14 });
    expect(
      problemsOf({
        RETENTION_DECIDED_YEARS: '0',
        RETENTION_PARTIAL_DAYS: 'ninety',
        RETENTION_DELIVERED_DAYS: '3651',
      }),
    ).toEqual([
      'RETENTION_DECIDED_YEARS: must be at least 1',
      'RETENTION_PARTIAL_DAYS: must be a whole number',
      'RETENTION_DELIVERED_DAYS: must be at most 3650',
    ]);
  });

  it('lists every problem at once, one line per variable', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/broker',
      ENVIRONMENT: 'staging',
      ADDRESS_PROVIDER: 'ideal-postcodes',
      TRUST_PROXY: '10.0.0.300',
      DUPLICATE_WINDOW_DAYS: '-1',
      MIN_MONTHLY_INCOME: '5e2',
      ALERT_WEBHOOK_URL: 'ftp://hooks',
      PORTAL_WELCOME_BACK_URL: '//evil.example.com',
      COMPANY_EMAIL: 'not-an-email',
      GTM_ENABLED: 'maybe',
      RATE_LIMIT_SUBMISSIONS: '1.5',
      LOG_LEVEL: 'verbose',
    });
    const variables = problems.map((problem) => problem.split(':')[0]);
    expect(variables).toEqual(
      expect.arrayContaining([
        'PORT',
        'DATABASE_URL',
        'ENVIRONMENT',
        'ADDRESS_API_KEY',
        'TRUST_PROXY',
        'DUPLICATE_WINDOW_DAYS',
        'MIN_MONTHLY_INCOME',
        'ALERT_WEBHOOK_URL',
        'PORTAL_WELCOME_BACK_URL',
        'COMPANY_EMAIL',
        'GTM_ENABLED',
        'RATE_LIMIT_SUBMISSIONS',
        'LOG_LEVEL',
      ]),
    );
    expect(problems).toContain('PORT: must be a whole number');
    expect(problems).toContain(
      'ADDRESS_API_KEY: required when ADDRESS_PROVIDER is ideal-postcodes',
    );
  });

  it('formats the problems as a readable list in the message', () => {
    const error = (() => {
      try {
        loadConfig({ PORT: '70000', MIN_AGE: '80' }, cwd);
      } catch (caught) {
        return caught as Error;
      }
      return null;
    })();
    expect(error?.message).toBe(
      'Invalid configuration:\n  - PORT: must be at most 65535\n  - MIN_AGE: must be below MAX_AGE',
    );
  });

  describe('the lender panel (LENDER_PANEL_FILE, QUOTE_VALID_DAYS)', () => {
    let directory: string;
    beforeAll(() => {
      directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-panel-'));
    });
    afterAll(() => {
      fs.rmSync(directory, { recursive: true, force: true });
    });

    function panelFile(name: string, content: unknown): string {
      const file = path.join(directory, name);
      fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
      return file;
    }

    const sample = () =>
      JSON.parse(fs.readFileSync(SAMPLE_PANEL_PATH, 'utf8')) as Record<string, unknown>;

    it('reads QUOTE_VALID_DAYS from 1 to 365 days', () => {
      expect(loadConfig({ QUOTE_VALID_DAYS: '14' }, cwd).quoteValidDays).toBe(14);
      expect(problemsOf({ QUOTE_VALID_DAYS: '0' })).toEqual([
        'QUOTE_VALID_DAYS: must be at least 1',
      ]);
      expect(problemsOf({ QUOTE_VALID_DAYS: '366' })).toEqual([
        'QUOTE_VALID_DAYS: must be at most 365',
      ]);
    });

    it('reads a panel file, relative to the working directory', () => {
      const file = panelFile('real.json', { ...sample(), version: 'real-1', sampleData: false });
      const config = loadConfig({ LENDER_PANEL_FILE: path.relative(directory, file) }, directory);
      expect(config.lenderPanel).toMatchObject({ version: 'real-1', sampleData: false });
      expect(
        loadConfig(
          { ENVIRONMENT: 'production', ...COMPANY, ...PORTAL_MAIL, LENDER_PANEL_FILE: file },
          cwd,
        ).lenderPanel.version,
      ).toBe('real-1');
    });

    it('stops the start with every problem of the file, each saying where it is', () => {
      const broken = sample() as { lenders: { id: string; products: { apr: object }[] }[] };
      broken.lenders[1]!.id = broken.lenders[0]!.id;
      broken.lenders[2]!.products[0]!.apr = { A: 0.089, B: 0.119 };
      const file = panelFile('broken.json', broken);
      expect(problemsOf({ LENDER_PANEL_FILE: file, QUOTE_VALID_DAYS: 'x' })).toEqual([
        'QUOTE_VALID_DAYS: must be a whole number',
        `LENDER_PANEL_FILE: ${file}: lenders[1].id: appears twice`,
        `LENDER_PANEL_FILE: ${file}: lenders[2].products[0].apr.C: required`,
      ]);
    });

    it('says when the file is missing or not JSON', () => {
      const missing = path.join(directory, 'missing.json');
      expect(problemsOf({ LENDER_PANEL_FILE: missing })).toEqual([
        `LENDER_PANEL_FILE: cannot read ${missing} (ENOENT)`,
      ]);
      const notJson = panelFile('not.json', '{ lenders: ');
      expect(problemsOf({ LENDER_PANEL_FILE: notJson })[0]).toMatch(
        new RegExp(`^LENDER_PANEL_FILE: ${notJson} is not JSON: `),
      );
    });
  });
});
