import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  errorResponses,
  fieldErrorsBodySchema,
  jsonSchemaOf,
  zodValidation,
} from '../http/openapi.js';
import { perMinuteRateLimit } from './rate-limit-config.js';

export interface ClientErrorRoutesOptions {
  logger: FastifyBaseLogger;
  /** Reports per minute per client address; 0 turns the limit off. */
  rateLimitPerMinute: number;
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

/** Fields of the application whose values are names (of people, employers or houses). */
const NAME_KEY =
  '(?:(?:first|last|middle|sur|fore|full|given|family|maiden|previous|employer|house|building)[ _-]?names?|surname|forenames?)';

// What the browser may echo from the form into an error text (docs/security.md lists them). A
// name cannot be told from any other word unless something marks it: a title before it or the
// field it belongs to. The rest are recognised by their shape.
const SCRUBBERS: readonly [RegExp, string][] = [
  // A URL's query and fragment go; a stack frame's ':line:column' after them stays.
  [/\b(https?:\/\/[^\s?#'"()<>]*)[?#][^\s'"()<>]*?(:\d+:\d+)?(?=[\s'"()<>]|$)/gi, '$1$2'],
  // A name field's value, as JSON (also escaped inside a string), a form field or prose.
  [
    new RegExp(
      `(${NAME_KEY}\\b\\\\?["']?(?:\\s*[:=]\\s*|\\s+(?=\\\\?["'])))(?:\\\\?"[^"]*?\\\\?"|'[^']*'|[^,;&\\r\\n"'<>(){}\\[\\]]+)`,
      'gi',
    ),
    '$1[name]',
  ],
  // A title and the capitalised words after it: 'Ms Ada Lovelace', 'Dr. O’Brien-Smith'.
  [
    /\b(?:Mr|Mrs|Miss|Ms|Mx|Dr|Prof|Sir|Dame|Lady|Lord|Rev)\.?\s+\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*/gu,
    '[name]',
  ],
  // E-mail addresses, also percent-encoded (once or twice) as in a copied URL.
  [/[A-Z0-9._%+-]+(?:@|%40|%2540)[A-Z0-9-]+(?:\.[A-Z0-9-]+)+/gi, '[email]'],
  // National Insurance numbers: 'QQ123456C', 'qq 12 34 56 c'.
  [/\b[A-Z]{2}\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D]?\b/gi, '[ni-number]'],
  [/\b[A-Z]{1,2}[0-9][A-Z0-9]?\s*[0-9][A-Z]{2}\b/gi, '[postcode]'],
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
  // column ('app.js:1:123456').
  [/(?<!\d)(?<!:\d+:)\d{6}(?!\d)(?!:\d)/g, '[code]'],
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
  app.post(
    '/api/client-errors',
    {
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      config: perMinuteRateLimit(options.rateLimitPerMinute),
      // The schema documents the report (http/openapi.ts); the handler checks it itself, since
      // a text/plain body (sendBeacon) is the same JSON as a string.
      ...zodValidation,
      attachValidation: true,
      schema: clientErrorRouteSchema,
    },
    async (request, reply) => {
      const report = clientErrorReportSchema.safeParse(parseBody(request.body));
      if (!report.success) {
        return reply.code(400).send({
          error: 'invalid_report',
          fields: report.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          })),
        });
      }
      const { kind, name, message, url, operation, stack } = report.data;
      options.logger.warn(
        {
          severity: kind === 'failure' ? 'FAILURE' : 'ERROR',
          clientError: {
            kind,
            name: name === undefined ? undefined : scrubPersonalData(name, 100),
            message: scrubPersonalData(message, 500),
            url: url === undefined ? undefined : scrubUrl(url),
            operation,
            stack: stack === undefined ? undefined : scrubStack(stack),
          },
        },
        'client error reported',
      );
      const failure = browserFailure(report.data);
      if (failure !== null) await options.onFailureReport?.(failure);
      return reply.code(204).send();
    },
  );
}

const clientErrorRouteSchema = {
  summary: 'Report a browser error; logged without personal data.',
  description: 'Also accepts the same JSON as text/plain, as navigator.sendBeacon sends it.',
  body: clientErrorReportSchema,
  response: {
    204: { type: 'null', description: 'Logged.' },
    400: { ...jsonSchemaOf(fieldErrorsBodySchema), description: '`invalid_report`.' },
    ...errorResponses(413, 415, 429),
  },
};

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
