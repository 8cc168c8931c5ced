import { useSearchParams } from '../../lib/router';
import { PageHeading } from '../../chrome/page-heading';
import { currentBrand } from '../../lib/brand';
import { ContactUs } from './contact-us';

/** /portal/thank-you: application sent and a customer account created (SPEC §4, CDJ-MVP). */
export default function PortalThankYouPage() {
  const params = useSearchParams();
  const otp = params.get('otp');
  return (
    <>
      <title>{`Application sent – ${currentBrand().name}`}</title>
      <div className="panel">
        <PageHeading>Application sent</PageHeading>
        <p className="panel__body">We have set up your customer account.</p>
      </div>
      {otp && (
        <p className="body">
          Your one-time passcode is <strong className="otp">{otp}</strong>. You will need it to sign
          in to your account for the first time. Do not share it with anyone.
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
