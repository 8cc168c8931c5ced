import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseLenderPanel } from '@broker/domain';
import type { LenderPanel } from '@broker/domain';

/** The shipped panel of fictional lenders (docs/lender-panel.md), from src/ and dist/ alike. */
export const SAMPLE_PANEL_PATH = fileURLToPath(
  new URL('../../data/lender-panel.sample.json', import.meta.url),
);

export type LoadedPanel = { ok: true; panel: LenderPanel } | { ok: false; problems: string[] };

/**
 * Reads and checks a lender panel file (docs/decisions/0022-lender-panel.md). Every problem is
 * returned at once, each naming where it is in the file, so the configuration layer can stop
 * the server with the whole list. A production deployment may not run on the sample panel.
 */
export function loadLenderPanel(file: string, options: { production: boolean }): LoadedPanel {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    return { ok: false, problems: [`cannot read ${file} (${code})`] };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [`${file} is not JSON: ${(error as Error).message}`] };
  }
  const parsed = parseLenderPanel(data);
  if (!parsed.ok) return { ok: false, problems: parsed.problems.map((p) => `${file}: ${p}`) };
  if (options.production && parsed.panel.sampleData) {
    return {
      ok: false,
      problems: [`${file} is sample data (fictional lenders): not allowed in production`],
    };
  }
  return parsed;
}
