import type { ComponentType, MouseEvent } from 'react';
import { useNavigate } from '../lib/router';
import type { CompanyDetails } from '../content/company';
import type { LegalPath } from '../content/shared';
import { useConfig } from '../api/config';
import { reopenCookieBanner } from '../analytics/consent';
import { currentBrand } from '../lib/brand';

export interface LegalPageProps {
  company: CompanyDetails;
  onNavigate?: (path: LegalPath, event: MouseEvent<HTMLAnchorElement>) => void;
  onChangeCookieSettings?: () => void;
}

/** Until GET /api/config answers (its loader waits for it), the brand name stands in. */
function fallbackCompany(): CompanyDetails {
  return {
    name: currentBrand().name,
    number: '',
    fcaNumber: '',
    address: '',
    email: '',
    phone: '',
    icoNumber: '',
  };
}

/** Gives a legal text (another author's component) the company details and in-app links. */
export function legalRoute(Page: ComponentType<LegalPageProps>): ComponentType {
  return function LegalRoute() {
    const config = useConfig();
    const navigate = useNavigate();
    return (
      <Page
        company={config?.company ?? fallbackCompany()}
        onNavigate={(path, event) => {
          event.preventDefault();
          navigate(path);
        }}
        onChangeCookieSettings={reopenCookieBanner}
      />
    );
  };
}
