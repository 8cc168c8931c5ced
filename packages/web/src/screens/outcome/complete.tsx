import { useSearchParams } from '../../lib/router';
import { PageHeading } from '../../chrome/page-heading';
import { currentBrand } from '../../lib/brand';
import { ContactUs } from './contact-us';

/** /complete: the thank-you page, with the application's reference (evoId). */
export default function CompletePage() {
  const params = useSearchParams();
  const reference = params.get('evoId');
  return (
    <>
      <title>{`Application sent – ${currentBrand().name}`}</title>
      <div className="panel">
        <PageHeading>Application sent</PageHeading>
        {reference && (
          <p className="panel__body">
            Your reference number
            <br />
            <strong className="panel__reference">{reference}</strong>
          </p>
        )}
      </div>
      <p className="body">Thank you. We have received your application.</p>
      <h2 className="heading-m">What happens next</h2>
      <p className="body">
        We will contact you by phone or email about your application and the finance that may be
        available to you. Please keep your reference number in case you need to get in touch.
      </p>
      <ContactUs />
    </>
  );
}
