// The bench's report: every part of bench/run.mjs turns its result into rows, and this file
// prints them as one Markdown table with the budget, whether it was met, and the figure
// recorded before (bench/baseline.json).
//
// A row: { id?, figure, value, unit?, budget?, before? }
// - figure: what was measured, as the table shows it;
// - value: a number (compared with the budget) or a string (shown as it is);
// - unit: 'ms', 'KB', '/s'… shown after value, budget and before;
// - budget: { max: n } (value ≤ n), { min: n } (value ≥ n), or { all: [..] } with value an array
//   of numbers each ≥ the matching entry (Lighthouse's three scores); omitted: no budget;
// - id: the key of its before-figure in bench/baseline.json; `before` given directly wins.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const BASELINE_FILE = path.resolve(import.meta.dirname, '../baseline.json');

/** bench/baseline.json's figures: { id: { value, unit?, note? } }. */
export function loadBaseline(file = BASELINE_FILE) {
  return JSON.parse(readFileSync(file, 'utf8')).figures;
}

/** true, false or null (no budget, or no value to compare). */
export function budgetMet(row) {
  const { budget, value } = row;
  if (budget === undefined || value === null || value === undefined) return null;
  if (budget.all !== undefined) {
    return Array.isArray(value) && budget.all.every((minimum, i) => value[i] >= minimum);
  }
  if (typeof value !== 'number') return null;
  if (budget.max !== undefined) return value <= budget.max;
  if (budget.min !== undefined) return value >= budget.min;
  return null;
}

function show(value, unit = '') {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return `${value.join(' / ')}${unit ? ` ${unit}` : ''}`;
  const text = typeof value === 'number' ? value.toLocaleString('en-GB') : String(value);
  return unit && typeof value === 'number' ? `${text} ${unit}` : text;
}

function showBudget(budget, unit) {
  if (budget === undefined) return '';
  if (budget.all !== undefined) return budget.all.join(' / ');
  if (budget.max !== undefined) return `≤ ${show(budget.max, unit)}`;
  return `≥ ${show(budget.min, unit)}`;
}

/** Fills each row's `before` from the baseline and works out `met`. */
export function completeRows(rows, baseline) {
  return rows.map((row) => {
    const recorded = row.id === undefined ? undefined : baseline[row.id];
    const before =
      row.before !== undefined
        ? row.before
        : recorded === undefined
          ? null
          : show(recorded.value, recorded.unit ?? row.unit);
    return { ...row, before, met: budgetMet(row) };
  });
}

/** The Markdown table of completed rows. */
export function renderTable(rows) {
  const status = (met) => (met === null ? '' : met ? 'met' : '**missed**');
  const cell = (text) => String(text).replace(/\|/g, '\\|');
  return [
    '| figure | value | budget | | before (baseline) |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${[
          row.figure,
          show(row.value, row.unit),
          showBudget(row.budget, row.unit),
          status(row.met),
          row.before ?? '',
        ]
          .map(cell)
          .join(' | ')} |`,
    ),
  ].join('\n');
}
