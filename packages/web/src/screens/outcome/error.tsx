import { useEffect, useState } from 'react';
import { canSubmit, canVisit } from '@broker/domain';
import { Link } from '../../lib/router';
import { PageHeading } from '../../chrome/page-heading';
import { currentBrand } from '../../lib/brand';
import { today } from '../../lib/today';
import { loadConfig } from '../../api/config';
import { useApplication } from '../../state/application-store';
import { SendingStatus, useSendApplication } from '../../features/submission/use-send-application';
import { ContactUs } from './contact-us';

/**
 * The application was not sent, or not answered with an outcome, and its answers are kept in
 * this tab (decision record 0016): Try again sends it under the same submission key.
 */
function NotSent() {
  const { send, waitingMs } = useSendApplication();
  const [pending, setPending] = useState(false);
  const [tries, setTries] = useState(0);
  const tryAgain = async () => {
    if (pending) return;
    setPending(true);
    try {
      await send();
    } finally {
      setPending(false);
      setTries((count) => count + 1);
    }
  };
  return (
    <>
      <title>{`Your application has not been sent – ${currentBrand().name}`}</title>
      <PageHeading>Your application has not been sent</PageHeading>
      <p className="body">
        We could not send your application just now. This may be your connection or a problem on our
        side, not something you did.
      </p>
      <p className="body">
        Your answers are kept on this device, so you do not need to fill in the form again.
      </p>
      <button
        type="button"
        className="button"
        aria-disabled={pending || undefined}
        onClick={() => void tryAgain()}
      >
        {pending ? 'Sending…' : 'Try again'}
      </button>
      <SendingStatus waitingMs={waitingMs} />
      <p className="body" role="status">
        {!pending && tries > 0 && 'It has still not been sent. Please try again in a moment.'}
      </p>
      <ContactUs intro="If it still does not work, call us" />
      <p className="body">
        You can also <Link to="/before-you-submit">check your answers</Link> first.
      </p>
    </>
  );
}

/** /error: the submission failed or could not be processed. */
export default function ErrorPage() {
  // The broker's phone number comes from the server's configuration (also after a reload).
  useEffect(() => void loadConfig(), []);
  const notSent = useApplication(
    (application) => canSubmit(application) && canVisit({ id: 'submit' }, application, today()),
  );
  if (notSent) return <NotSent />;
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
