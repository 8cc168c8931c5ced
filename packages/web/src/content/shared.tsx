import type { MouseEvent, ReactNode } from 'react';
import type { CompanyDetails } from '@broker/domain';

/** The site's own legal pages, which link to one another. */
export type LegalPath = '/terms-and-conditions' | '/privacy-policy' | '/cookie-policy';

export type HeadingLevel = 1 | 2 | 3 | 4;

export interface LegalContentProps {
  company: CompanyDetails;
  /**
   * Level of the document's title: 1 (the default) on its own page, 2 inside a modal. Section
   * and sub-section headings follow one and two levels below.
   */
  headingLevel?: HeadingLevel;
  /** id of the title heading, so a dialog can name itself with aria-labelledby. */
  titleId?: string;
  /**
   * Called when a link to another legal page is followed. The links are ordinary hrefs and work
   * without it; a router or a modal can call `event.preventDefault()` and show the page itself.
   */
  onNavigate?: (path: LegalPath, event: MouseEvent<HTMLAnchorElement>) => void;
}

export const LAST_UPDATED = '21 November 2026';

type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export function Heading({
  level,
  id,
  focusable = false,
  children,
}: {
  level: number;
  id?: string;
  /** Lets the contents list move focus to the heading it jumps to. */
  focusable?: boolean;
  children: ReactNode;
}) {
  const Tag = `h${Math.min(Math.max(level, 1), 6)}` as HeadingTag;
  return (
    <Tag id={id} tabIndex={focusable ? -1 : undefined}>
      {children}
    </Tag>
  );
}

export function LegalLink({
  to,
  onNavigate,
  children,
}: {
  to: LegalPath;
  onNavigate: LegalContentProps['onNavigate'];
  children: ReactNode;
}) {
  return (
    <a
      href={to}
      onClick={
        onNavigate
          ? (event) => {
              onNavigate(to, event);
            }
          : undefined
      }
    >
      {children}
    </a>
  );
}

/** A link to another organisation's site, showing where it goes as its text. */
export function ExternalLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} rel="noopener noreferrer">
      {children ?? href.replace(/^https:\/\/(www\.)?/, '').replace(/\/$/, '')}
    </a>
  );
}

export interface ContentsEntry {
  id: string;
  title: string;
}

/**
 * A GOV.UK-style contents list for a long document. It moves focus and scroll itself instead of
 * changing the URL's #fragment: the text may sit in a modal over a journey step, and the app
 * resets scroll on every change of location.
 */
export function ContentsList({ entries, level }: { entries: ContentsEntry[]; level: number }) {
  return (
    <nav aria-label="Contents" className="legal-content__contents">
      <Heading level={level}>Contents</Heading>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              onClick={(event) => {
                const target = document.getElementById(entry.id);
                if (!target) return;
                event.preventDefault();
                target.focus();
                if (typeof target.scrollIntoView === 'function') target.scrollIntoView();
              }}
            >
              {entry.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function telephoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The broker's full identity and contact details, as regulators expect them to be listed. */
export function CompanyContact({ company }: { company: CompanyDetails }) {
  return (
    <dl className="legal-content__company">
      <dt>Company</dt>
      <dd>{company.name}</dd>
      <dt>Registered office</dt>
      <dd>{company.address}</dd>
      <dt>Company number</dt>
      <dd>{company.number} (registered in England and Wales)</dd>
      <dt>Financial Conduct Authority firm reference number</dt>
      <dd>{company.fcaNumber}</dd>
      <dt>Information Commissioner's Office registration number</dt>
      <dd>{company.icoNumber}</dd>
      <dt>Email</dt>
      <dd>
        <EmailLink company={company} />
      </dd>
      <dt>Phone</dt>
      <dd>
        <PhoneLink company={company} />
      </dd>
    </dl>
  );
}

export function EmailLink({ company }: { company: CompanyDetails }) {
  return <a href={`mailto:${company.email}`}>{company.email}</a>;
}

export function PhoneLink({ company }: { company: CompanyDetails }) {
  return <a href={telephoneHref(company.phone)}>{company.phone}</a>;
}
