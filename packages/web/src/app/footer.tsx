import { memo } from 'react';
import { Link } from '../lib/router';
import type { Brand } from '@broker/domain';
import { useConfig } from '../api/config';
import { reopenCookieBanner } from '../analytics/consent';
import { CookiePolicyLink } from './cookie-policy-dialog';
import { useDisclosureShown } from '../evidence/recorder';

/**
 * docs/design.md D11: broker status, the commission disclosure and 'subject to status' on every page,
 * with the company's registered details from GET /api/config. Memoised: the layout re-renders
 * on every navigation and nothing here depends on the page.
 */
export const Footer = memo(function Footer({ brand }: { brand: Brand }) {
  useDisclosureShown('broker-status');
  useDisclosureShown('commission');
  const config = useConfig();
  const company = config?.company;
  const firm = company?.name || brand.name;
  return (
    <footer className="footer">
      <div className="width-container">
        <ul className="footer__links">
          <li>
            <Link to="/terms-and-conditions">Terms &amp; Conditions</Link>
          </li>
          <li>
            <Link to="/privacy-policy">Privacy policy</Link>
          </li>
          <li>
            <CookiePolicyLink>Cookie policy</CookiePolicyLink>
          </li>
          <li>
            <button type="button" className="link-button" onClick={reopenCookieBanner}>
              Cookie settings
            </button>
          </li>
        </ul>
        <p>
          {firm} is a credit broker, not a lender. We introduce you to lenders who may be able to
          offer you finance.
          {company?.fcaNumber &&
            ` ${firm} is authorised and regulated by the Financial Conduct Authority (FRN ${company.fcaNumber}).`}
        </p>
        <p>
          We may receive commission from the lender if you take out finance with them. The amount is
          available on request.
        </p>
        <p>
          All finance is subject to status and income. Written quotations are available on request.
        </p>
        {company && (
          <p className="footer__company">
            {company.name}
            {company.number && `, company number ${company.number}`}
            {company.address && `. Registered office: ${company.address}`}
            {company.icoNumber && `. ICO registration number ${company.icoNumber}`}.
            {(company.email || company.phone) && ' Contact us'}
            {company.email && (
              <>
                {' '}
                at <a href={`mailto:${company.email}`}>{company.email}</a>
              </>
            )}
            {company.phone && (
              <>
                {' '}
                {company.email ? 'or' : 'on'}{' '}
                <a href={`tel:${company.phone.replace(/\s+/g, '')}`}>{company.phone}</a>
              </>
            )}
            {(company.email || company.phone) && '.'}
          </p>
        )}
      </div>
    </footer>
  );
});
