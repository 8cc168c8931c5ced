import { useSearchParams } from '../../lib/router';
import { PageHeading } from '../../chrome/page-heading';
import { currentBrand } from '../../lib/brand';
import { useConfig } from '../../api/config';
import { IndicativeQuoteSummary } from '../../features/quote/indicative-quote';
import { readQuote } from '../../state/quote-store';
import { EmailCopy } from '../../features/copy/email-copy';
import { ContactUs } from './contact-us';
import { ApplicationReference, useApplicationReference } from './reference';

/**
 * /complete: the thank-you page, with the application's short reference (`ref`, decision 0030)
 * and, when this tab kept the approval's quote (docs/decisions/0023-quote-on-the-outcome-page.md),
 * the quote. The 36-character application id (`evoId`) keys the quote but is never offered as
 * the reference: nobody can read it out over the phone.
 */
export default function CompletePage() {
  const params = useSearchParams();
  const applicationId = params.get('evoId');
  const reference = useApplicationReference();
  const quote = readQuote(applicationId);
  const firm = useConfig()?.company.name || currentBrand().name;
  return (
    <>
      <title>{`Application sent – ${currentBrand().name}`}</title>
      <div className="panel">
        <PageHeading>Application sent</PageHeading>
        {reference && <ApplicationReference reference={reference} />}
      </div>
      <p className="body">Thank you. We have received your application.</p>
      {quote && <IndicativeQuoteSummary quote={quote} firm={firm} />}
      <h2 className="heading-m">What happens next</h2>
      {quote ? (
        <ol className="body next-steps">
          <li>We will contact you by phone or email to go through this quote with you.</li>
          <li>
            If you want to go ahead, {quote.lender} will make its own checks, including a full
            credit search that will show on your credit file.
          </li>
          <li>
            You will get the agreement and its pre-contract information to read before you sign
            anything. You do not have to accept this quote.
          </li>
        </ol>
      ) : (
        <p className="body">
          We will contact you by phone or email about your application and the finance that may be
          available to you.
        </p>
      )}
      {reference && (
        <p className="body">Please keep your reference number in case you need to get in touch.</p>
      )}
      <EmailCopy />
      <ContactUs />
    </>
  );
}
