import { TERMS_TITLE, TermsContent } from '../../content/terms';
import type { LegalContentProps } from '../../content/shared';

type PageProps = Omit<LegalContentProps, 'headingLevel'>;

/** /terms-and-conditions */
export function TermsPage({ company, titleId, onNavigate }: PageProps) {
  return (
    <>
      <title>{`${TERMS_TITLE} – ${company.name}`}</title>
      <TermsContent company={company} titleId={titleId} onNavigate={onNavigate} />
    </>
  );
}
