import { PRIVACY_TITLE, PrivacyContent } from '../../content/privacy';
import type { LegalContentProps } from '../../content/shared';

type PageProps = Omit<LegalContentProps, 'headingLevel'>;

/** /privacy-policy */
export function PrivacyPolicyPage({ company, titleId, onNavigate }: PageProps) {
  return (
    <>
      <title>{`${PRIVACY_TITLE} – ${company.name}`}</title>
      <PrivacyContent company={company} titleId={titleId} onNavigate={onNavigate} />
    </>
  );
}
