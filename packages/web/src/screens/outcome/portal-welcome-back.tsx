import { PageHeading } from '../../chrome/page-heading';
import { currentBrand } from '../../lib/brand';
import { ConfirmEmail } from '../../features/portal/confirm-email';
import { ContactUs } from './contact-us';

/** /portal/welcome-back: application sent; the visitor already has an account (docs/product.md §4). */
export default function PortalWelcomeBackPage() {
  return (
    <>
      <title>{`Welcome back – ${currentBrand().name}`}</title>
      <div className="panel">
        <PageHeading>Welcome back</PageHeading>
        <p className="panel__body">Your application has been sent.</p>
      </div>
      <p className="body">
        You already have a customer account with us. Sign in with your email address to follow your
        application. We will also contact you about the next steps.
      </p>
      <ConfirmEmail intro="If you have not confirmed your email address yet, we have emailed you a 6-digit confirmation code (unless we sent one in the last 10 minutes)." />
      <ContactUs />
    </>
  );
}
