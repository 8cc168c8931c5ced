/**
 * Reading and writing ApplicationState by the dotted paths the journey uses
 * ('form.addresses.0.postcode'). Writes are immutable: every object on the path is copied.
 */

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

type Node = Record<string, unknown> | unknown[];

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null;
}

function keysOf(path: string): string[] {
  const keys = path.split('.');
  if (keys.some((key) => key === '' || FORBIDDEN_KEYS.has(key))) {
    throw new Error(`Not a state path: '${path}'`);
  }
  return keys;
}

export function getAt(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const key of keysOf(path)) {
    if (!isNode(node)) return undefined;
    node = Array.isArray(node) ? node[Number(key)] : node[key];
  }
  return node;
}

/**
 * Makes the entry of a list that a path reaches beyond its end, so that writing
 * 'form.addresses.1.postcode' creates a whole empty address rather than `{ postcode }`.
 */
export type ListItemFactory = (listPath: string) => unknown;

export function setAt<T>(root: T, path: string, value: unknown, makeItem?: ListItemFactory): T {
  const keys = keysOf(path);
  const write = (node: unknown, depth: number): unknown => {
    if (depth === keys.length) return value;
    const key = keys[depth]!;
    if (Array.isArray(node)) {
      const index = Number(key);
      if (!Number.isInteger(index) || index < 0) throw new Error(`Not a list index: '${path}'`);
      const copy = node.slice();
      const listPath = keys.slice(0, depth).join('.');
      for (let i = copy.length; i <= index; i += 1) copy[i] = makeItem?.(listPath) ?? {};
      copy[index] = write(copy[index], depth + 1);
      return copy;
    }
    const record = (isNode(node) ? node : {}) as Record<string, unknown>;
    return { ...record, [key]: write(record[key], depth + 1) };
  };
  return write(root, 0) as T;
}
