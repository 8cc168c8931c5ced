import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { postBeacon } from './same-site.js';

export interface ClientErrorRoutesOptions {
  logger: FastifyBaseLogger;
  /** Reports per minute per client address; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** The API's own base, when not the pages' origin: which other hosts count as this site. */
  publicApiBase?: string | null;
  /**
   * Called for a failed submission or partial save the browser saw (the contract below); raises
   * the grouped alert of docs/decisions/0021-grouped-alerts.md. Must not throw.
   */
  onFailureReport?: (report: BrowserFailure) => Promise<void>;
}

export const CLIENT_ERROR_BODY_LIMIT = 8 * 1024;

export const clientErrorReportSchema = z.strictObject({
  message: z.string().min(1).max(2000),
  name: z.string().max(200).optional(),
  kind: z.enum(['error', 'chunk', 'unhandledrejection', 'failure']),
  url: z.string().max(2048).optional(),
  operation: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/)
    .optional(),
  stack: z.string().max(4000).optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DAY = '\\d{1,2}(?:st|nd|rd|th)?';

/**
 * Fields of the application whose values are names (of people, employers or houses), and a
 * bare `name`, as a form library or a JSON dump writes a person's name.
 */
const NAME_KEY =
  '(?:(?:first|last|middle|sur|fore|full|given|family|maiden|previous|employer|house|building)[ _-]?names?|surname|forenames?|name)';

/** Fields whose values are free text the applicant wrote: the needs statement and the like. */
const TEXT_KEY =
  '(?:additionalNeedsRequirementsStatement|additional[ _-]?needs(?:[ _-]?requirements)?(?:[ _-]?statement)?|needs[ _-]?statement|statement|notes?|comments?)';

/** A key's value, as JSON (also escaped inside a string), a form field or prose. */
function keyedValue(key: string): RegExp {
  return new RegExp(
    `(${key}\\b\\\\?["']?(?:\\s*[:=]\\s*|\\s+(?=\\\\?["'])))(?:\\\\?"[^"]*?\\\\?"|'[^']*'|[^,;&\\r\\n"'<>(){}\\[\\]]+)`,
    'gi',
  );
}

// What the browser may echo from the form into an error text (docs/security.md lists them). A
// name cannot be told from any other word unless something marks it: a title before it or the
// field it belongs to. The rest are recognised by their shape.
const SCRUBBERS: readonly [RegExp, string][] = [
  // A URL's query and fragment go; a stack frame's ':line:column' after them stays.
  [/\b(https?:\/\/[^\s?#'"()<>]*)[?#][^\s'"()<>]*?(:\d+:\d+)?(?=[\s'"()<>]|$)/gi, '$1$2'],
  // A name field's value, and a free-text field's (the needs statement), however written.
  [keyedValue(TEXT_KEY), '$1[text]'],
  [keyedValue(NAME_KEY), '$1[name]'],
  // A title and the capitalised words after it: 'Ms Ada Lovelace', 'Dr. O’Brien-Smith'.
  [
    /\b(?:Mr|Mrs|Miss|Ms|Mx|Dr|Prof|Sir|Dame|Lady|Lord|Rev)\.?\s+\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*/gu,
    '[name]',
  ],
  // E-mail addresses, in any script (`josé@exämple.com`, `用户@例子.广告`), also
  // percent-encoded (once or twice) as in a copied URL.
  [/[\p{L}\p{N}._%+-]+(?:@|%40|%2540)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/giu, '[email]'],
  // National Insurance numbers: 'QQ123456C', 'qq 12 34 56 c'.
  [/\b[A-Z]{2}\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D]?\b/gi, '[ni-number]'],
  [/\b[A-Z]{1,2}[0-9][A-Z0-9]?\s*[0-9][A-Z]{2}\b/gi, '[postcode]'],
  // UK vehicle registrations: current (`AB12 CDE`, any case), prefix (`A123 BCD`) and suffix
  // (`ABC 123D`) formats, the last two in capitals only (in lower case they read as words).
  [/\b[A-Z]{2}\d{2}\s?[A-Z]{3}\b/gi, '[registration]'],
  [/\b(?:[A-Z]\d{1,3}\s?[A-Z]{3}|[A-Z]{3}\s?\d{1,3}[A-Z])\b/g, '[registration]'],
  // Dates: ISO (with a time), day-month-year and year-month-day with / . - or spaces, month
  // names either side of the day ('29th Feb 1980', 'February 29, 1980', Date#toString) and
  // eight digits that read as a date (19800229, 29021980).
  [
    new RegExp(
      [
        '\\b\\d{4}-\\d{1,2}-\\d{1,2}(?:[T ]\\d{1,2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?(?![\\d])',
        '\\b\\d{4}[/.]\\d{1,2}[/.]\\d{1,2}\\b',
        '\\b\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}\\b',
        '\\b\\d{1,2} \\d{1,2} \\d{4}\\b',
        `\\b${DAY}(?:\\s+(?:of\\s+)?|[-/.])${MONTH},?(?:\\s+|[-/.])\\d{2,4}\\b`,
        `\\b${MONTH}\\s+${DAY},?\\s+\\d{4}\\b`,
        '\\b(?:19|20)\\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])\\b',
        '\\b(?:0[1-9]|[12]\\d|3[01])(?:0[1-9]|1[0-2])(?:19|20)\\d{2}\\b',
      ].join('|'),
      'gi',
    ),
    '[date]',
  ],
  // Phone, card and account numbers: ten or more digits, however they are spaced.
  [/\+?\d(?:[\s().-]{0,2}\d){9,}/g, '[number]'],
  // Six digits: one-time passcodes, sort codes, dates as DDMMYY; not a stack frame's line or
  // column ('app.js:1:123456'). Also written in two threes, as phones show codes: `123 456`.
  [/(?<!\d)(?<!:\d+:)\d{6}(?!\d)(?!:\d)/g, '[code]'],
  [/(?<![\d:])\d{3}[ -]\d{3}(?![\d:])/g, '[code]'],
];

export function scrubPersonalData(text: string, maxLength: number): string {
  let scrubbed = text;
  for (const [pattern, replacement] of SCRUBBERS) {
    scrubbed = scrubbed.replace(pattern, replacement);
  }
  return scrubbed.length > maxLength ? `${scrubbed.slice(0, maxLength)}…` : scrubbed;
}

/** Keeps origin and path only: query strings carry UTM data, ids and sometimes e-mail addresses. */
export function scrubUrl(raw: string): string {
  let withoutQuery: string;
  try {
    const url = new URL(raw);
    withoutQuery = `${url.origin}${url.pathname}`;
  } catch {
    withoutQuery = raw.replace(/[?#].*$/s, '');
  }
  return scrubPersonalData(withoutQuery, 300);
}

function scrubStack(stack: string): string {
  const lines = stack.split('\n').slice(0, 12).join('\n');
  return scrubPersonalData(lines, 2000);
}

/**
 * The operations the browser reports under (packages/web/src/api): only these are logged as
 * sent; anything else is logged as `other`, since the field is the sender's to fill.
 */
export const KNOWN_OPERATIONS = [
  'submitApplication',
  'partialSave',
  'loadConfig',
  'addressLookupByPostCode',
  'getAddressById',
  'securedDisclosure',
  'render',
  'CHUNK_LOAD_FAILED',
  'CSS_CHUNK_LOAD_FAILED',
] as const;

function loggedOperation(operation: string | undefined): string | undefined {
  if (operation === undefined) return undefined;
  return (KNOWN_OPERATIONS as readonly string[]).includes(operation) ? operation : 'other';
}

/** The browser's failure reports that raise an alert: these operations, these error names. */
export const ALERTED_OPERATIONS = ['submitApplication', 'partialSave'] as const;
export const ALERTED_FAILURE_NAMES = [
  'NetworkError',
  'TimeoutError',
  'AbortError',
  'HttpError',
  'RateLimited',
  'NoQuote',
] as const;
export interface BrowserFailure {
  operation: (typeof ALERTED_OPERATIONS)[number];
  name: (typeof ALERTED_FAILURE_NAMES)[number];
}

function browserFailure(report: {
  kind: string;
  operation?: string;
  name?: string;
}): BrowserFailure | null {
  const operation = ALERTED_OPERATIONS.find((known) => known === report.operation);
  const name = ALERTED_FAILURE_NAMES.find((known) => known === report.name);
  return report.kind === 'failure' && operation && name ? { operation, name } : null;
}

/**
 * `POST /api/client-errors`: the browser's failure reports of docs/product.md §8 (script errors, chunk load
 * failures, unhandled rejections, failed calls). Answers 204 and logs a scrubbed copy at warn.
 * A text/plain body is accepted too, so navigator.sendBeacon can report during page unload.
 */
export function registerClientErrorRoutes(
  app: FastifyInstance,
  options: ClientErrorRoutesOptions,
): void {
  postBeacon(
    app,
    {
      url: '/api/client-errors',
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      rateLimitPerMinute: options.rateLimitPerMinute,
      publicApiBase: options.publicApiBase,
      summary: 'Report a browser error; logged without personal data.',
      report: clientErrorReportSchema,
      taken: 'Logged.',
    },
    async (report) => {
      const { kind, name, message, url, operation, stack } = report;
      options.logger.warn(
        {
          severity: kind === 'failure' ? 'FAILURE' : 'ERROR',
          clientError: {
            kind,
            name: name === undefined ? undefined : scrubPersonalData(name, 100),
            message: scrubPersonalData(message, 500),
            url: url === undefined ? undefined : scrubUrl(url),
            operation: loggedOperation(operation),
            stack: stack === undefined ? undefined : scrubStack(stack),
          },
        },
        'client error reported',
      );
      const failure = browserFailure(report);
      if (failure !== null) await options.onFailureReport?.(failure);
    },
  );
}
