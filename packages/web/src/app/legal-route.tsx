import type { ComponentType, MouseEvent } from 'react';
import { companyNamed } from '@broker/domain';
import type { CompanyDetails } from '@broker/domain';
import { useNavigate } from '../lib/router';
import type { LegalPath } from '../content/shared';
import { useConfig } from '../api/config';
import { reopenCookieBanner } from '../analytics/consent';
import { currentBrand } from '../lib/brand';

export interface LegalPageProps {
  company: CompanyDetails;
  onNavigate?: (path: LegalPath, event: MouseEvent<HTMLAnchorElement>) => void;
  onChangeCookieSettings?: () => void;
}

/** Gives a legal text (another author's component) the company details and in-app links. */
export function legalRoute(Page: ComponentType<LegalPageProps>): ComponentType {
  return function LegalRoute() {
    const config = useConfig();
    const navigate = useNavigate();
    return (
      <Page
        // Until GET /api/config answers (its loader waits for it), the brand's name stands in.
        company={config?.company ?? companyNamed(currentBrand().name)}
        onNavigate={(path, event) => {
          event.preventDefault();
          navigate(path);
        }}
        onChangeCookieSettings={reopenCookieBanner}
      />
    );
  };
}
