import net from 'node:net';
import path from 'node:path';
import { COMPANY_KEYS, COMPANY_SETTINGS, companyDetails } from '@broker/domain';
import type { CompanyDetails, LenderPanel } from '@broker/domain';
import { z } from 'zod';
import { loadLenderPanel, SAMPLE_PANEL_PATH } from './applications/lender-panel.js';
import { generatedSecret } from './portal/codes.js';
import { parseDeliveryConfig } from './delivery/config.js';
import type { DeliveryConfig } from './delivery/config.js';
import { parseOpsConfig } from './ops/config.js';
import type { OpsConfig } from './ops/config.js';
import { readSecretFiles } from './ops/secret-files.js';
import type { S3StoreOptions } from './documents/s3-store.js';

export const ENVIRONMENTS = ['local', 'development', 'uat', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const ADDRESS_PROVIDERS = ['embedded', 'loqate', 'ideal-postcodes'] as const;
export type AddressProviderName = (typeof ADDRESS_PROVIDERS)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** Fastify's `trustProxy`: off, on (any hop), a hop count, or the addresses/CIDRs trusted. */
export type TrustProxy = boolean | number | string[];

export interface AddressConfig {
  provider: AddressProviderName;
  apiKey: string | null;
  dataset: string | null;
  apiBaseUrl: string | null;
}

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  environment: Environment;
  address: AddressConfig;
  alertWebhookUrl: string | null;
  /** Signed delivery of decided applications and abandoned leads (delivery/config.ts). */
  delivery: DeliveryConfig;
  trustProxy: TrustProxy;
  duplicateWindowDays: number;
  minMonthlyIncome: number;
  minAge: number;
  maxAge: number;
  /** The lender panel read from LENDER_PANEL_FILE at start (docs/decisions/0022-lender-panel.md). */
  lenderPanel: LenderPanel;
  /** Days an indicative quote stands after the applied date. */
  quoteValidDays: number;
  portal: { thankYouUrl: string; welcomeBackUrl: string };
  company: CompanyDetails;
  /** Origin allowed in the CSP for the tag manager; null when the tag manager is off. */
  tagManagerOrigin: string | null;
  /**
   * The application API's base URL the browser calls, told to it by GET /api/config; null:
   * the same origin as the page (docs/decisions/0012-affiliate-host-and-api-base-from-configuration.md).
   */
  publicApiBase: string | null;
  rateLimits: {
    lookupsPerMinute: number;
    submissionsPerMinute: number;
    /** Staff sign-in and set-up requests a minute per address (decision 0056); 0 turns it off. */
    staffSignInPerMinute: number;
    /**
     * RATE_LIMIT_INSTANCES: how many instances share the limits; a route's own fixed limit (an
     * hour's saves per e-mail address, say) is divided by it with `perInstance` (decision 0071).
     */
    instances: number;
  };
  logLevel: LogLevel;
  /** A request's headers and body must arrive within this many milliseconds (else 408). */
  requestTimeoutMs: number;
  /** docs/decisions/0025-portal-mail.md: null in `local` means the development mailbox. */
  smtpUrl: string | null;
  /** Keys the portal codes' HMAC (docs/decisions/0024-portal-codes.md); never sent anywhere. */
  portalCodeSecret: string;
  /** Keys the HMAC of identifiers typed at staff sign-in (decision 0057); never sent anywhere. */
  staffIdentifierSecret: string;
  /**
   * The "Need help?" form (docs/help.md): callback requests an hour from one address and a day
   * for one phone number (0: no limit), and the hours within which staff should call back.
   */
  help: { requestsPerHour: number; serviceLevelHours: number };
  /** How long data is kept before the daily retention job deletes it (docs/data-lifecycle.md). */
  retention: { decidedYears: number; partialDays: number; deliveredDays: number };
  /** The metrics listener and the shutdown's timings (ops/config.ts, docs/operations.md). */
  ops: OpsConfig;
  /** Where uploaded documents are kept (docs/documents.md): a folder outside the web root. */
  documentsDir: string;
  /** An S3-compatible bucket instead of the folder, when DOCUMENTS_S3_* is set; else null. */
  documentsS3: S3StoreOptions | null;
  /** The applicant site's origin, which starts the links e-mailed to applicants (upload links). */
  publicBaseUrl: string;
}

/**
 * The settings that hold a secret; each may be given as NAME_FILE instead, the path of a file
 * holding it (ops/secret-files.ts, docs/operations.md).
 */
export const SECRET_SETTINGS = [
  'DATABASE_URL',
  'ADDRESS_API_KEY',
  'ALERT_WEBHOOK_URL',
  'DELIVERY_WEBHOOK_SECRET',
  'SMTP_URL',
  'PORTAL_CODE_SECRET',
  'STAFF_IDENTIFIER_SECRET',
  'DOCUMENTS_S3_SECRET_ACCESS_KEY',
] as const;

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DEFAULT_TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

const appPathOrUrl = z
  .string()
  .trim()
  .refine(
    (value) =>
      (value.startsWith('/') && !value.startsWith('//')) || httpUrl.safeParse(value).success,
    'must be a path on this site (starting with /) or an http(s) URL',
  );

/** An http(s) base without credentials, query or fragment; kept without a trailing slash. */
const apiBase = httpUrl
  .refine((value) => {
    if (!URL.canParse(value)) return true; // httpUrl has said so already
    const url = new URL(value);
    return url.username === '' && url.password === '' && url.search === '' && url.hash === '';
  }, 'must be an http(s) URL without credentials, query or fragment, e.g. https://api.example.com')
  .transform((value) => value.replace(/\/+$/, ''));

const boolean = z
  .string()
  .trim()
  .toLowerCase()
  .refine(
    (value) => ['true', 'false', '1', '0', 'yes', 'no'].includes(value),
    'must be true or false',
  )
  .transform((value) => ['true', '1', 'yes'].includes(value));

// proxy-addr also understands these names for the usual private ranges.
const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  if (address === undefined || extra !== undefined) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxy = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    const lower = value.toLowerCase();
    if (lower === 'false') return false;
    if (lower === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const wrong = entries.filter((entry) => !isAddressOrCidr(entry));
    if (entries.length === 0 || wrong.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `must be false, true, a hop count or a comma-separated list of IP addresses/CIDRs (not: ${wrong.join(', ') || value})`,
      });
      return z.NEVER;
    }
    return entries;
  });

function databaseFromUrl(value: string | undefined, cwd: string): DatabaseConfig | string {
  if (value === undefined) return { kind: 'sqlite', file: path.resolve(cwd, 'data', 'app.db') };
  if (/^postgres(ql)?:\/\//i.test(value)) return { kind: 'postgres', url: value };
  if (/^sqlite:/i.test(value)) {
    let rest = value.slice('sqlite:'.length);
    // sqlite:///abs/path.db and sqlite://relative.db are both common spellings.
    if (rest.startsWith('//')) rest = rest.slice(2);
    if (rest === '') return 'a sqlite: URL needs a file path, e.g. sqlite:./data/app.db';
    return { kind: 'sqlite', file: rest === ':memory:' ? rest : path.resolve(cwd, rest) };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    return 'must be a file path, a sqlite: URL or a postgres:// URL';
  }
  return { kind: 'sqlite', file: value === ':memory:' ? value : path.resolve(cwd, value) };
}

const environmentSchema = z.object({
  PORT: integer(0, 65535).default(3000),
  HOST: z.string().trim().default('0.0.0.0'),
  DATABASE_URL: z.string().trim().optional(),
  ENVIRONMENT: z.enum(ENVIRONMENTS).default('local'),
  ADDRESS_PROVIDER: z.enum(ADDRESS_PROVIDERS).default('embedded'),
  ADDRESS_API_KEY: z.string().trim().optional(),
  ADDRESS_DATASET: z.string().trim().optional(),
  ADDRESS_API_BASE_URL: httpUrl.optional(),
  ALERT_WEBHOOK_URL: httpUrl.optional(),
  TRUST_PROXY: trustProxy.default(false),
  DUPLICATE_WINDOW_DAYS: integer(0, 3650).default(30),
  MIN_MONTHLY_INCOME: integer(0, 1_000_000).default(500),
  MIN_AGE: integer(0, 150).default(21),
  MAX_AGE: integer(0, 150).default(75),
  LENDER_PANEL_FILE: z.string().trim().optional(),
  QUOTE_VALID_DAYS: integer(1, 365).default(30),
  PORTAL_THANK_YOU_URL: appPathOrUrl.default('/portal/thank-you'),
  PORTAL_WELCOME_BACK_URL: appPathOrUrl.default('/portal/welcome-back'),
  COMPANY_EMAIL: z.string().trim().pipe(z.email('must be an e-mail address')).optional(),
  GTM_ENABLED: boolean.default(false),
  TAG_MANAGER_ORIGIN: httpUrl
    .refine((value) => new URL(value).origin === value.replace(/\/$/, ''), {
      message: 'must be an origin only, e.g. https://www.googletagmanager.com',
    })
    .optional(),
  PUBLIC_API_BASE_URL: apiBase.optional(),
  RATE_LIMIT_LOOKUPS: integer(0, 1_000_000).default(60),
  RATE_LIMIT_SUBMISSIONS: integer(0, 1_000_000).default(20),
  RATE_LIMIT_STAFF_SIGN_IN: integer(0, 1_000_000).default(10),
  RATE_LIMIT_INSTANCES: integer(1, 1000).default(1),
  RATE_LIMIT_HELP: integer(0, 1000).default(5),
  CALLBACK_SERVICE_LEVEL_HOURS: integer(1, 720).default(4),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  REQUEST_TIMEOUT_MS: integer(100, 600_000).default(30_000),
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => {
      try {
        return ['smtp:', 'smtps:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, 'must be an smtp:// or smtps:// URL')
    .optional(),
  PORTAL_CODE_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  STAFF_IDENTIFIER_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  RETENTION_DECIDED_YEARS: integer(1, 100).default(6),
  RETENTION_PARTIAL_DAYS: integer(1, 3650).default(90),
  RETENTION_DELIVERED_DAYS: integer(1, 3650).default(30),
  DOCUMENTS_DIR: z.string().trim().optional(),
  DOCUMENTS_S3_ENDPOINT: apiBase
    .refine(
      (value) => !URL.canParse(value) || new URL(value).pathname === '/',
      'must be the service’s address without a path, e.g. https://s3.eu-west-2.amazonaws.com',
    )
    .optional(),
  DOCUMENTS_S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    )
    .optional(),
  DOCUMENTS_S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,32}$/, 'must be a region name such as eu-west-2 (or auto for R2)')
    .default('us-east-1'),
  DOCUMENTS_S3_ACCESS_KEY_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,128}$/, 'must be an access key id: letters, digits, _ and -')
    .optional(),
  DOCUMENTS_S3_SECRET_ACCESS_KEY: z
    .string()
    .trim()
    .min(8, 'must be at least 8 characters')
    .optional(),
  DOCUMENTS_S3_PREFIX: z
    .string()
    .trim()
    .regex(
      /^([A-Za-z0-9_.-]+\/)+$/,
      'must be folder names ending in /, of letters, digits, _ . and -, e.g. documents/',
    )
    .refine((value) => !value.split('/').some((part) => part === '.' || part === '..'), {
      message: 'must not contain . or .. as a folder name',
    })
    .optional(),
  DOCUMENTS_S3_SERVER_SIDE_ENCRYPTION: boolean.default(false),
  DOCUMENTS_S3_TIMEOUT_MS: integer(100, 600_000).default(30_000),
  PUBLIC_BASE_URL: httpUrl.optional(),
});

/** Without these four, nothing can reach a bucket; any DOCUMENTS_S3_* setting asks for all four. */
const S3_REQUIRED = [
  'DOCUMENTS_S3_ENDPOINT',
  'DOCUMENTS_S3_BUCKET',
  'DOCUMENTS_S3_ACCESS_KEY_ID',
  'DOCUMENTS_S3_SECRET_ACCESS_KEY',
] as const;

/**
 * Whether documents go to a bucket, and what is missing or contradictory if so. `given` is the
 * environment as set (a secret's NAME_FILE counts as given: its own problem is reported apart).
 */
function documentStorageProblems(
  env: Readonly<Record<string, string>>,
  given: Readonly<Record<string, string>>,
): { s3: boolean; problems: string[] } {
  const set = Object.keys(given).filter((name) => name.startsWith('DOCUMENTS_S3_'));
  if (set.length === 0) return { s3: false, problems: [] };
  const problems: string[] = [];
  const missing = S3_REQUIRED.filter(
    (name) => env[name] === undefined && given[`${name}_FILE`] === undefined,
  );
  if (missing.length > 0) {
    problems.push(
      `DOCUMENTS_S3_*: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (${set.sort().join(', ')} ${set.length === 1 ? 'is' : 'are'} set; documents go to a bucket only when all of ${S3_REQUIRED.join(', ')} are set)`,
    );
  }
  if (env.DOCUMENTS_DIR !== undefined) {
    problems.push(
      'DOCUMENTS_DIR: set either DOCUMENTS_DIR (a folder) or DOCUMENTS_S3_* (a bucket), not both',
    );
  }
  return { s3: true, problems };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Outside `local`, alerts and mail leave only over TLS (docs/security.md): the alert webhook is
 * https (plain http to loopback only, as delivery allows), and SMTP is smtps:// or smtp:// with
 * `requireTLS=true` (STARTTLS that refuses to go on without it), or smtp:// to a loopback relay.
 */
function transportSecurityProblems(
  env: Readonly<Record<string, string>>,
  environment: string,
): string[] {
  const problems: string[] = [];
  const webhook = env.ALERT_WEBHOOK_URL?.trim();
  if (webhook !== undefined && URL.canParse(webhook)) {
    const url = new URL(webhook);
    if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
      problems.push(
        `ALERT_WEBHOOK_URL: must be https when ENVIRONMENT is ${environment} (http only to localhost)`,
      );
    }
  }
  const smtp = env.SMTP_URL?.trim();
  if (smtp !== undefined && URL.canParse(smtp)) {
    const url = new URL(smtp);
    const tlsRequired = url.searchParams.get('requireTLS') === 'true';
    if (url.protocol === 'smtp:' && !tlsRequired && !LOOPBACK_HOSTS.has(url.hostname)) {
      problems.push(
        `SMTP_URL: must use TLS when ENVIRONMENT is ${environment}: smtps://, or smtp:// with ?requireTLS=true (plain smtp:// only to localhost)`,
      );
    }
  }
  const bucket = env.DOCUMENTS_S3_ENDPOINT?.trim();
  if (bucket !== undefined && URL.canParse(bucket)) {
    const url = new URL(bucket);
    if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
      problems.push(
        `DOCUMENTS_S3_ENDPOINT: must be https when ENVIRONMENT is ${environment} (http only to localhost)`,
      );
    }
  }
  return problems;
}

/**
 * Each of `instances` servers behind one load balancer counts its own share of a limit, so the
 * deployment as a whole holds the configured figure (docs/decisions/0071-rate-limits-across-instances.md).
 * Rounded down, but never to 0, which would turn the limit off.
 */
export function perInstance(limit: number, instances: number): number {
  return limit === 0 ? 0 : Math.max(1, Math.floor(limit / instances));
}

/**
 * Reads the server's configuration from environment variables. Throws a ConfigError listing
 * every problem at once, so a deployment is fixed in one go rather than one restart per mistake.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = process.cwd(),
): Config {
  // Unset and blank are the same thing in an environment file.
  const given: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') given[name] = value;
  }
  const files = readSecretFiles(given, SECRET_SETTINGS, cwd);
  const cleaned = files.env;

  const parsed = environmentSchema.safeParse(cleaned);
  const problems = [
    ...files.problems,
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
  ];

  const database = databaseFromUrl(cleaned.DATABASE_URL?.trim(), cwd);
  if (typeof database === 'string') problems.push(`DATABASE_URL: ${database}`);

  const provider = cleaned.ADDRESS_PROVIDER?.trim();
  if ((provider === 'loqate' || provider === 'ideal-postcodes') && !cleaned.ADDRESS_API_KEY) {
    problems.push(`ADDRESS_API_KEY: required when ADDRESS_PROVIDER is ${provider}`);
  }

  const environment = cleaned.ENVIRONMENT?.trim() ?? 'local';
  // The details listed in packages/domain/src/company.ts; their samples in local only.
  for (const key of COMPANY_KEYS) {
    const { variable } = COMPANY_SETTINGS[key];
    if (environment !== 'local' && cleaned[variable]?.trim() === undefined) {
      problems.push(`${variable}: required when ENVIRONMENT is ${environment}`);
    }
  }
  const company: CompanyDetails = companyDetails(
    (key) => cleaned[COMPANY_SETTINGS[key].variable]?.trim() ?? COMPANY_SETTINGS[key].sample,
  );

  if (environment !== 'local') {
    // The portal variant is one query parameter away on every deployment.
    for (const variable of ['SMTP_URL', 'PORTAL_CODE_SECRET', 'STAFF_IDENTIFIER_SECRET']) {
      if (cleaned[variable] === undefined) {
        problems.push(`${variable}: required when ENVIRONMENT is ${environment}`);
      }
    }
    problems.push(...transportSecurityProblems(cleaned, environment));
  }

  const publicApiBase = cleaned.PUBLIC_API_BASE_URL?.trim();
  if (
    publicApiBase !== undefined &&
    environment !== 'local' &&
    environment !== 'development' &&
    !publicApiBase.toLowerCase().startsWith('https:')
  ) {
    problems.push(`PUBLIC_API_BASE_URL: must be https when ENVIRONMENT is ${environment}`);
  }

  const minAge = environmentSchema.shape.MIN_AGE.safeParse(cleaned.MIN_AGE);
  const maxAge = environmentSchema.shape.MAX_AGE.safeParse(cleaned.MAX_AGE);
  if (minAge.success && maxAge.success && minAge.data >= maxAge.data) {
    problems.push('MIN_AGE: must be below MAX_AGE');
  }

  const panelFile = cleaned.LENDER_PANEL_FILE?.trim();
  const panel = loadLenderPanel(
    panelFile === undefined ? SAMPLE_PANEL_PATH : path.resolve(cwd, panelFile),
    { production: environment === 'production' },
  );
  if (!panel.ok) problems.push(...panel.problems.map((problem) => `LENDER_PANEL_FILE: ${problem}`));

  const delivery = parseDeliveryConfig(cleaned);
  problems.push(...delivery.problems);
  const ops = parseOpsConfig(cleaned);
  problems.push(...ops.problems);
  const storage = documentStorageProblems(cleaned, given);
  problems.push(...storage.problems);

  if (!parsed.success || typeof database === 'string' || !panel.ok || problems.length > 0) {
    throw new ConfigError(problems);
  }
  const values = parsed.data;

  return {
    port: values.PORT,
    host: values.HOST,
    database,
    environment: values.ENVIRONMENT,
    address: {
      provider: values.ADDRESS_PROVIDER,
      apiKey: values.ADDRESS_API_KEY ?? null,
      dataset:
        values.ADDRESS_DATASET === undefined ? null : path.resolve(cwd, values.ADDRESS_DATASET),
      apiBaseUrl: values.ADDRESS_API_BASE_URL ?? null,
    },
    alertWebhookUrl: values.ALERT_WEBHOOK_URL ?? null,
    delivery: delivery.delivery,
    trustProxy: values.TRUST_PROXY,
    duplicateWindowDays: values.DUPLICATE_WINDOW_DAYS,
    minMonthlyIncome: values.MIN_MONTHLY_INCOME,
    minAge: values.MIN_AGE,
    maxAge: values.MAX_AGE,
    lenderPanel: panel.panel,
    quoteValidDays: values.QUOTE_VALID_DAYS,
    portal: {
      thankYouUrl: values.PORTAL_THANK_YOU_URL,
      welcomeBackUrl: values.PORTAL_WELCOME_BACK_URL,
    },
    company,
    tagManagerOrigin: values.GTM_ENABLED
      ? (values.TAG_MANAGER_ORIGIN?.replace(/\/$/, '') ?? DEFAULT_TAG_MANAGER_ORIGIN)
      : null,
    publicApiBase: values.PUBLIC_API_BASE_URL ?? null,
    rateLimits: {
      staffSignInPerMinute: perInstance(
        values.RATE_LIMIT_STAFF_SIGN_IN,
        values.RATE_LIMIT_INSTANCES,
      ),
      lookupsPerMinute: perInstance(values.RATE_LIMIT_LOOKUPS, values.RATE_LIMIT_INSTANCES),
      submissionsPerMinute: perInstance(values.RATE_LIMIT_SUBMISSIONS, values.RATE_LIMIT_INSTANCES),
      instances: values.RATE_LIMIT_INSTANCES,
    },
    logLevel: values.LOG_LEVEL,
    requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
    smtpUrl: values.SMTP_URL ?? null,
    portalCodeSecret: values.PORTAL_CODE_SECRET ?? generatedSecret(),
    staffIdentifierSecret: values.STAFF_IDENTIFIER_SECRET ?? generatedSecret(),
    help: {
      requestsPerHour: perInstance(values.RATE_LIMIT_HELP, values.RATE_LIMIT_INSTANCES),
      serviceLevelHours: values.CALLBACK_SERVICE_LEVEL_HOURS,
    },
    retention: {
      decidedYears: values.RETENTION_DECIDED_YEARS,
      partialDays: values.RETENTION_PARTIAL_DAYS,
      deliveredDays: values.RETENTION_DELIVERED_DAYS,
    },
    ops: ops.ops,
    documentsDir:
      values.DOCUMENTS_DIR !== undefined
        ? path.resolve(cwd, values.DOCUMENTS_DIR)
        : database.kind === 'sqlite' && database.file !== ':memory:'
          ? path.join(path.dirname(database.file), 'documents')
          : path.resolve(cwd, 'data', 'documents'),
    documentsS3:
      storage.s3 &&
      values.DOCUMENTS_S3_ENDPOINT !== undefined &&
      values.DOCUMENTS_S3_BUCKET !== undefined &&
      values.DOCUMENTS_S3_ACCESS_KEY_ID !== undefined &&
      values.DOCUMENTS_S3_SECRET_ACCESS_KEY !== undefined
        ? {
            endpoint: values.DOCUMENTS_S3_ENDPOINT,
            bucket: values.DOCUMENTS_S3_BUCKET,
            region: values.DOCUMENTS_S3_REGION,
            accessKeyId: values.DOCUMENTS_S3_ACCESS_KEY_ID,
            secretAccessKey: values.DOCUMENTS_S3_SECRET_ACCESS_KEY,
            prefix: values.DOCUMENTS_S3_PREFIX ?? '',
            serverSideEncryption: values.DOCUMENTS_S3_SERVER_SIDE_ENCRYPTION,
            timeoutMs: values.DOCUMENTS_S3_TIMEOUT_MS,
          }
        : null,
    publicBaseUrl: (values.PUBLIC_BASE_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
  };
}
