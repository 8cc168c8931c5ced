import { Link } from '../../lib/router';
import { PageHeading } from '../../chrome/page-heading';
import { currentBrand } from '../../lib/brand';
import { ContactUs } from './contact-us';

/** /error: the submission failed or could not be processed. */
export default function ErrorPage() {
  return (
    <>
      <title>{`Sorry, there is a problem – ${currentBrand().name}`}</title>
      <PageHeading>Sorry, there is a problem</PageHeading>
      <p className="body">
        We could not finish processing your application. This is a problem on our side, not
        something you did.
      </p>
      <ContactUs intro="Please contact us so we can help" />
      <p className="body">
        You can also <Link to="/">start a new application</Link> later.
      </p>
    </>
  );
}
