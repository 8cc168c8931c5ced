import { Link } from '../../lib/router';
import { PageHeading } from '../../chrome/page-heading';
import { currentBrand } from '../../lib/brand';
import { EmailCopy } from '../../features/copy/email-copy';
import { ContactUs } from './contact-us';
import { ApplicationReference, useApplicationReference } from './reference';

/** /declined */
export default function DeclinedPage() {
  const reference = useApplicationReference();
  return (
    <>
      <title>{`We cannot help with this application – ${currentBrand().name}`}</title>
      <PageHeading>We&apos;re sorry, we cannot help with this application</PageHeading>
      {reference && (
        <div className="panel panel--reference">
          <ApplicationReference reference={reference} />
        </div>
      )}
      <p className="body">
        Thank you for applying. Based on the information you gave us, we are not able to find you
        finance at the moment.
      </p>
      <p className="body">
        If you would like free, impartial help with money or debt, you can visit{' '}
        <a href="https://www.moneyhelper.org.uk" rel="noopener noreferrer" target="_blank">
          MoneyHelper (opens in a new tab)
        </a>
        .
      </p>
      <EmailCopy />
      <ContactUs intro="If you would like to know more about this decision, contact us" />
      {reference && (
        <p className="body">Please keep your reference number in case you need to get in touch.</p>
      )}
      <p className="body">
        <Link to="/">Return to the start</Link>
      </p>
    </>
  );
}
