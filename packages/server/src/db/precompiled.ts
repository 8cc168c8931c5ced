import { PostgresAdapter, createQueryId } from 'kysely';
import type { CompiledQuery, Compilable, QueryResult, RootOperationNode } from 'kysely';

/**
 * Statements built and compiled by Kysely once, then run again and again with new values
 * (docs/performance.md, "Precompiled and prepared submission statements"; decision 0048).
 *
 * Kysely builds an operation tree and compiles it to SQL on every call: for the submission's
 * statements that was about a seventh of the server's CPU. Here a statement is built once per
 * shape with a placeholder in place of each value; the compiled SQL is kept with, for each of
 * its parameters, which value it is. A later call with the same shape only lays its values out
 * in that order. On PostgreSQL the same SQL text then also runs as a named prepared statement
 * (`preparedStatementName`), so the database parses and plans it once per connection.
 *
 * The build function must not look at the values it is given (they are placeholders): anything
 * that changes the SQL's shape belongs in the shape: the objects' keys, which values are
 * undefined (the build may leave out what is undefined) and the arrays' lengths are part of it,
 * and anything else goes in the shape key.
 */

/** A placeholder no real value starts with; it must never reach the SQL text itself. */
const MARK = '\u0000precompiled:';

interface Template {
  query: RootOperationNode;
  sql: string;
  /** For each parameter, the index of the value it takes, or -1 for a constant of the build. */
  slots: number[];
  constants: unknown[];
}

export type Values = Record<string, unknown>;

/** Objects and arrays are walked; anything else (a Date, a Buffer, a string) is one value. */
function isPlain(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The values' leaves in a fixed order, with their shape and placeholders in the same order. */
function flatten(values: unknown, leaves: unknown[], shape: string[]): unknown {
  if (Array.isArray(values)) {
    shape.push(`[${values.length}`);
    const shadow = values.map((value) => flatten(value, leaves, shape));
    shape.push(']');
    return shadow;
  }
  if (isPlain(values)) {
    shape.push('{');
    const shadow: Record<string, unknown> = {};
    for (const key of Object.keys(values)) {
      const value = values[key];
      shape.push(value === undefined ? `${key}?` : key);
      if (value !== undefined) shadow[key] = flatten(value, leaves, shape);
    }
    shape.push('}');
    return shadow;
  }
  const placeholder = `${MARK}${leaves.length}`;
  leaves.push(values);
  return placeholder;
}

/** The leaves alone, in `flatten`'s order (the per-call path: no placeholders, no shape). */
function leavesOf(values: unknown, leaves: unknown[]): void {
  if (Array.isArray(values)) {
    for (const value of values) leavesOf(value, leaves);
  } else if (isPlain(values)) {
    for (const key of Object.keys(values)) {
      const value = values[key];
      if (value !== undefined) leavesOf(value, leaves);
    }
  } else {
    leaves.push(values);
  }
}

function shapeOf(values: unknown, shape: string[]): void {
  if (Array.isArray(values)) {
    shape.push(`[${values.length}`);
    for (const value of values) shapeOf(value, shape);
    shape.push(']');
  } else if (isPlain(values)) {
    shape.push('{');
    for (const key of Object.keys(values)) {
      const value = values[key];
      shape.push(value === undefined ? `${key}?` : key);
      if (value !== undefined) shapeOf(value, shape);
    }
    shape.push('}');
  }
}

function compileTemplate(compiled: CompiledQuery): Template {
  if (compiled.sql.includes(MARK)) {
    throw new Error('a precompiled statement put a value into its SQL text instead of a parameter');
  }
  const slots: number[] = [];
  const constants: unknown[] = [];
  for (const parameter of compiled.parameters) {
    if (typeof parameter === 'string' && parameter.startsWith(MARK)) {
      slots.push(Number(parameter.slice(MARK.length)));
      constants.push(undefined);
    } else if (typeof parameter === 'string' && parameter.includes(MARK)) {
      throw new Error('a precompiled statement changed a value instead of passing it on');
    } else {
      slots.push(-1);
      constants.push(parameter);
    }
  }
  return { query: compiled.query, sql: compiled.sql, slots, constants };
}

/** SQL texts that run as named prepared statements on PostgreSQL, with their names. */
const preparedNames = new Map<string, string>();

/**
 * The name PostgreSQL prepares `sql` under, when it is a precompiled statement's; else
 * undefined (an ad-hoc statement is not kept on the server). A fixed set: one per statement and
 * shape, so each connection holds a handful.
 */
export function preparedStatementName(sql: string): string | undefined {
  return preparedNames.get(sql);
}

export interface Executor {
  executeQuery<R>(query: CompiledQuery<R> | Compilable<R>): Promise<QueryResult<R>>;
}

export interface PrecompiledStatement<E extends Executor, V extends Values, R> {
  /** Runs the statement with these values on `executor` (a Kysely instance or transaction). */
  execute(executor: E, values: V, shapeKey?: string): Promise<QueryResult<R>>;
  /** How many shapes have been compiled (for tests: a second call compiles nothing). */
  readonly compiledShapes: number;
}

/**
 * A statement compiled once per dialect and shape. `build` receives the executor (for its
 * dialect) and placeholders for `values`; `shapeKey` names whatever else changes the SQL.
 */
export function precompiled<E extends Executor, V extends Values, R>(
  name: string,
  build: (executor: E, values: V, shapeKey: string) => Compilable<R>,
): PrecompiledStatement<E, V, R> {
  const templates = new Map<string, Template>();
  return {
    get compiledShapes() {
      return templates.size;
    },
    async execute(executor, values, shapeKey = '') {
      const shape: string[] = [dialectKey(executor), shapeKey];
      shapeOf(values, shape);
      const key = shape.join('\u0001');
      let template = templates.get(key);
      let leaves: unknown[];
      if (template === undefined) {
        leaves = [];
        const placeholders = flatten(values, leaves, []) as V;
        template = compileTemplate(build(executor, placeholders, shapeKey).compile());
        templates.set(key, template);
        if (!preparedNames.has(template.sql)) {
          preparedNames.set(template.sql, `broker_${name}_${preparedNames.size}`);
        }
      } else {
        leaves = [];
        leavesOf(values, leaves);
      }
      const { slots, constants } = template;
      const parameters = new Array<unknown>(slots.length);
      for (let index = 0; index < slots.length; index += 1) {
        const slot = slots[index]!;
        parameters[index] = slot === -1 ? constants[index] : leaves[slot];
      }
      const query: CompiledQuery<R> = {
        query: template.query,
        queryId: createQueryId(),
        sql: template.sql,
        parameters,
      };
      return executor.executeQuery(query);
    },
  };
}

/** The compiled SQL differs between the dialects (placeholders, quoting). */
function dialectKey(executor: Executor): string {
  const withExecutor = executor as { getExecutor?: () => { adapter: object } };
  const adapter = withExecutor.getExecutor?.().adapter;
  if (adapter === undefined) throw new Error('a precompiled statement needs a Kysely executor');
  return adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
