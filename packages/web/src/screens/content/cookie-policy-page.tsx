import { COOKIES_TITLE, CookieContent, type CookieContentProps } from '../../content/cookies';

type PageProps = Omit<CookieContentProps, 'headingLevel'>;

/** /cookie-policy */
export function CookiePolicyPage({
  company,
  titleId,
  onNavigate,
  onChangeCookieSettings,
}: PageProps) {
  return (
    <>
      <title>{`${COOKIES_TITLE} – ${company.name}`}</title>
      <CookieContent
        company={company}
        titleId={titleId}
        onNavigate={onNavigate}
        onChangeCookieSettings={onChangeCookieSettings}
      />
    </>
  );
}
