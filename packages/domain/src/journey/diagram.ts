/** The journey as a Mermaid flowchart, drawn from the table (docs/journey.md). */
import type { ConditionId, StepId } from './types.js';
import { STEP_IDS, STEPS } from './steps.js';
import { CONDITIONS, ITEMS, LOOPS, OPPOSITES, inIteration, type Item } from './navigation.js';
import { HISTORY_MONTHS } from '../years-months.js';

function nodeId(id: StepId): string {
  return id.replace(/-/g, '_');
}

function nodeLabel(id: StepId): string {
  return `${id}<br/>${STEPS[id].path.replace('{n}', 'N')}`;
}

function itemConditions(item: Item): readonly ConditionId[] {
  return item.kind === 'step' ? (STEPS[item.id].when ?? []) : [];
}

function entryNode(item: Item): StepId {
  if (item.kind === 'step') return item.id;
  return item.ids.find((id) => inIteration(STEPS[id], 1)) ?? item.ids[0]!;
}

function exitNode(item: Item): StepId {
  return item.kind === 'step' ? item.id : item.ids[item.ids.length - 1]!;
}

function edge(from: StepId, to: StepId, label: string): string {
  return `  ${nodeId(from)} -->${label ? `|"${label}"|` : ''} ${nodeId(to)}`;
}

/**
 * The edges leaving one item: to each later item that can come next, labelled with the
 * conditions it needs beyond the current item's. A later item whose conditions include an
 * earlier candidate's is shadowed by it; an unconditional candidate (or both sides of an
 * opposite pair) ends the search.
 */
function edgesFrom(index: number): string[] {
  const from = ITEMS[index]!;
  const context = itemConditions(from);
  const loopExit = from.kind === 'loop' ? `more than ${HISTORY_MONTHS} months` : '';
  const taken: (readonly ConditionId[])[] = [];
  const lines: string[] = [];
  for (const to of ITEMS.slice(index + 1)) {
    const needs = itemConditions(to).filter((c) => !context.includes(c));
    const conflicts = OPPOSITES.some(
      ([a, b]) =>
        (needs.includes(a) && context.includes(b)) || (needs.includes(b) && context.includes(a)),
    );
    if (conflicts || taken.some((earlier) => earlier.every((c) => needs.includes(c)))) continue;
    const label = needs.length
      ? needs.map((c) => CONDITIONS[c].label).join(' and ')
      : taken.length
        ? 'otherwise'
        : '';
    lines.push(edge(exitNode(from), entryNode(to), [loopExit, label].filter(Boolean).join(', ')));
    if (needs.length === 0) break;
    taken.push(needs);
    const singles = taken.filter((t) => t.length === 1).map((t) => t[0]);
    if (OPPOSITES.some(([a, b]) => singles.includes(a) && singles.includes(b))) break;
  }
  return lines;
}

function loopLines(item: Extract<Item, { kind: 'loop' }>): string[] {
  const lines = [`  subgraph ${item.loop}_history["${LOOPS[item.loop].label}"]`];
  lines.push(...item.ids.map((id) => `    ${nodeId(id)}["${nodeLabel(id)}"]`));
  lines.push('  end');
  const chains = new Set<string>();
  for (const n of [1, 2]) {
    const chain = item.ids.filter((id) => inIteration(STEPS[id], n));
    chain.slice(1).forEach((id, i) => chains.add(edge(chain[i]!, id, '')));
  }
  lines.push(...chains);
  const again = item.ids.find((id) => inIteration(STEPS[id], 2))!;
  lines.push(edge(exitNode(item), again, `${HISTORY_MONTHS} months or less so far`));
  return lines;
}

/** A Mermaid flowchart of `STEPS`; docs/journey.md embeds exactly this text. */
export function journeyMermaid(): string {
  const lines = ['flowchart TD'];
  const jointIds = STEP_IDS.filter((id) => STEPS[id].when?.includes('joint'));
  ITEMS.forEach((item) => {
    if (item.kind === 'loop') lines.push(...loopLines(item));
    else if (!jointIds.includes(item.id))
      lines.push(`  ${nodeId(item.id)}["${nodeLabel(item.id)}"]`);
  });
  lines.push('  subgraph joint_applicant["Joint applicant"]');
  lines.push(...jointIds.map((id) => `    ${nodeId(id)}["${nodeLabel(id)}"]`));
  lines.push('  end');
  ITEMS.forEach((_, index) => lines.push(...edgesFrom(index)));
  return lines.join('\n');
}
