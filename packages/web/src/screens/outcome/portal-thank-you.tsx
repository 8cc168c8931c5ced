import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../../lib/router';
import { PageHeading } from '../../chrome/page-heading';
import { currentBrand } from '../../lib/brand';
import { ConfirmEmail } from '../../features/portal/confirm-email';
import { ContactUs } from './contact-us';

/** /portal/thank-you: application sent and a customer account created (docs/product.md §4, CDJ-MVP). */
export default function PortalThankYouPage() {
  const params = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once, then taken out of the address bar, so history, reloads and any tag reading the
  // URL do not keep it (docs/decisions/0024-portal-codes.md).
  const [otp] = useState(() => params.get('otp'));
  useEffect(() => {
    if (!params.has('otp')) return;
    const rest = new URLSearchParams(params);
    rest.delete('otp');
    const query = rest.toString();
    navigate(`${location.pathname}${query ? `?${query}` : ''}`, { replace: true });
  }, [params, location.pathname, navigate]);

  return (
    <>
      <title>{`Application sent – ${currentBrand().name}`}</title>
      <div className="panel">
        <PageHeading>Application sent</PageHeading>
        <p className="panel__body">We have set up your customer account.</p>
      </div>
      <ConfirmEmail />
      {otp && (
        <p className="body">
          Your one-time passcode is <strong className="otp">{otp}</strong>. Once your email address
          is confirmed, you will need it to sign in to your account for the first time, within 15
          minutes. Do not share it with anyone.
        </p>
      )}
      <p className="body">
        You can follow your application in your account. We will also contact you by phone or email
        about the next steps.
      </p>
      <ContactUs />
    </>
  );
}
