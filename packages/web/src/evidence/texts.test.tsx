import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ReactNode } from 'react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BRANDS,
  COMPANY_SETTINGS,
  DISCLOSURE_TEXT_IDS,
  companyDetails,
  currentDisclosureVersion,
  type DisclosureTextId,
} from '@broker/domain';
import { Router } from '../lib/router';
import { useConfigStore, type AppConfig } from '../api/config';
import { Footer } from '../app/footer';
import { TermsContent } from '../content/terms';
import { PrivacyContent } from '../content/privacy';
import { CookieContent } from '../content/cookies';
import { FairProcessingNotice } from '../features/secured/fair-processing-notice';
import { SoftSearchInfo } from '../features/secured/soft-search-info';
import { RepossessionWarning } from '../features/secured/repossession-warning';
import { SecuredRepresentativeExample } from '../features/secured/secured-example';

/**
 * The canonical words of every disclosed text are what these components render
 * (docs/decisions/0033-disclosure-texts-and-versions.md), with each deployment's company details
 * as placeholders: a version is the wording, the same for every white-label firm. This test
 * renders each text, and fails when it differs from its current version in
 * packages/server/src/evidence/texts.generated.ts, which the server stores at start. After a
 * change of wording: add a version in packages/domain/src/disclosures.ts, then run
 * `UPDATE_DISCLOSURE_TEXTS=1 npx vitest run packages/web/src/evidence/texts.test.tsx`.
 */
const GENERATED = [process.cwd(), resolve(process.cwd(), '../..')]
  .map((root) => resolve(root, 'packages/server/src/evidence/texts.generated.ts'))
  .find((path) => existsSync(path)) as string;

/** Each detail as its placeholder (packages/domain/src/company.ts). */
const PLACEHOLDER_COMPANY = companyDetails((key) => COMPANY_SETTINGS[key].placeholder);

afterEach(cleanup);

const BLOCKS = 'p, h1, h2, h3, h4, li, dt, dd, tr, caption, div, section, aside';

/** The words read and seen (not decoration), one line per block, spaces collapsed. */
function textOf(ui: ReactNode, pick: (root: HTMLElement) => HTMLElement = (root) => root): string {
  const { container } = render(<Router>{ui}</Router>);
  const root = pick(container).cloneNode(true) as HTMLElement;
  root.querySelectorAll('.visually-hidden, [aria-hidden="true"]').forEach((node) => node.remove());
  root.querySelectorAll(BLOCKS).forEach((node) => node.append('\n'));
  const text = (root.textContent ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
  cleanup();
  return text;
}

function footerParagraph(index: number) {
  return (root: HTMLElement) => {
    const paragraph = root.querySelectorAll<HTMLElement>('footer p')[index];
    if (!paragraph) throw new Error(`The footer has no paragraph ${index}`);
    return paragraph;
  };
}

function renderTexts(): Record<DisclosureTextId, string> {
  useConfigStore.setState({
    config: { company: PLACEHOLDER_COMPANY } as unknown as AppConfig,
  });
  const footer = <Footer brand={BRANDS.default} />;
  const texts: Record<DisclosureTextId, string> = {
    'broker-status': textOf(footer, footerParagraph(0)),
    commission: textOf(footer, footerParagraph(1)),
    'representative-example': textOf(<SecuredRepresentativeExample />),
    'repossession-warning': textOf(<RepossessionWarning />),
    terms: textOf(<TermsContent company={PLACEHOLDER_COMPANY} />),
    privacy: textOf(<PrivacyContent company={PLACEHOLDER_COMPANY} />),
    'soft-search': textOf(<SoftSearchInfo />),
    'fair-processing': textOf(
      <FairProcessingNotice firm={PLACEHOLDER_COMPANY.name} privacyPolicy="privacy policy" />,
    ),
    cookies: textOf(<CookieContent company={PLACEHOLDER_COMPANY} />),
  };
  useConfigStore.setState({ config: null });
  return texts;
}

interface StoredText {
  text: DisclosureTextId;
  version: number;
  sha256: string;
  body: string;
}

const sha256 = (body: string) => createHash('sha256').update(body, 'utf8').digest('hex');

async function storedTexts(): Promise<StoredText[]> {
  const module = (await import('../../../server/src/evidence/texts.generated')) as {
    DISCLOSURE_TEXTS: readonly StoredText[];
  };
  return [...module.DISCLOSURE_TEXTS];
}

function write(texts: StoredText[]): void {
  const sorted = [...texts].sort(
    (a, b) =>
      DISCLOSURE_TEXT_IDS.indexOf(a.text) - DISCLOSURE_TEXT_IDS.indexOf(b.text) ||
      a.version - b.version,
  );
  const previous = readFileSync(GENERATED, 'utf8');
  const header = previous.slice(0, previous.indexOf('export const DISCLOSURE_TEXTS'));
  writeFileSync(
    GENERATED,
    `${header}export const DISCLOSURE_TEXTS: readonly DisclosureText[] = ${JSON.stringify(sorted, null, 2)};\n`,
  );
}

describe('the disclosed texts', () => {
  it('each shipped text is its current version, stored with its SHA-256', async () => {
    const rendered = renderTexts();
    const stored = await storedTexts();
    if (process.env.UPDATE_DISCLOSURE_TEXTS === '1') {
      for (const id of DISCLOSURE_TEXT_IDS) {
        const version = currentDisclosureVersion(id);
        const existing = stored.find((entry) => entry.text === id && entry.version === version);
        // A released version never changes its words: a new wording needs a new version, so an
        // existing entry is never overwritten (the check below then fails).
        if (!existing) {
          stored.push({ text: id, version, sha256: sha256(rendered[id]), body: rendered[id] });
        }
      }
      write(stored);
    }
    for (const id of DISCLOSURE_TEXT_IDS) {
      const version = currentDisclosureVersion(id);
      const entry = stored.find(
        (candidate) => candidate.text === id && candidate.version === version,
      );
      expect(entry?.body, `${id} v${version}`).toBe(rendered[id]);
      expect(entry?.sha256).toBe(sha256(rendered[id]));
    }
  });

  it('renders real words for each text, with the placeholders instead of a firm', () => {
    const rendered = renderTexts();
    expect(rendered['broker-status']).toBe(
      '[firm name] is a credit broker, not a lender. We introduce you to lenders who may be able to offer you finance. [firm name] is authorised and regulated by the Financial Conduct Authority (FRN [FCA number]).',
    );
    expect(rendered['repossession-warning']).toContain(
      'Your home may be repossessed if you do not keep up repayments on a mortgage or any other debt secured on it.',
    );
    expect(rendered.terms.split('\n')[0]).toBe('Terms & Conditions');
    for (const id of DISCLOSURE_TEXT_IDS) expect(rendered[id].length, id).toBeGreaterThan(40);
  });
});
