import { PageHeading } from '../../chrome/page-heading';
import { currentBrand } from '../../lib/brand';
import { ContactUs } from './contact-us';
import { ApplicationReference, useApplicationReference } from './reference';

/** /duplicate */
export default function DuplicatePage() {
  const reference = useApplicationReference();
  return (
    <>
      <title>{`You have already applied – ${currentBrand().name}`}</title>
      <PageHeading>You have already applied</PageHeading>
      {reference && (
        <div className="panel panel--reference">
          <ApplicationReference reference={reference} />
        </div>
      )}
      <p className="body">
        We already have a recent application from you, so there is no need to apply again. We are
        looking at your earlier application and will be in touch about it.
      </p>
      <ContactUs intro="If any of your details have changed, contact us" />
      {reference && (
        <p className="body">Please keep your reference number in case you need to get in touch.</p>
      )}
    </>
  );
}
