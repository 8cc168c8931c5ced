import { LegalButton, useLegalModal } from '../../legal/legal-modal';
import { PageHeading } from '../../../chrome/page-heading';
import { SendingStatus, useSendApplication } from '../../submission/use-send-application';
import { StepScreen } from '../step-screen';

function Agreement({ openTerms, openPrivacy }: { openTerms: () => void; openPrivacy: () => void }) {
  return (
    <>
      <PageHeading>Submit your application</PageHeading>
      <p className="body-lead">
        When you submit, we will look for lenders who may be able to offer you finance. Getting a
        quote has no impact on your credit score.
      </p>
      <p className="body">
        You agreed to our <LegalButton onClick={openTerms}>Terms & Conditions</LegalButton> when you
        gave your contact details. We will use your information as our{' '}
        <LegalButton onClick={openPrivacy}>privacy policy</LegalButton> explains.
      </p>
    </>
  );
}

/**
 * /submit: the application is sent by the submission client. The terms were agreed on the
 * contact screen (decision record 0015), so this screen has no checkbox of its own.
 */
export default function SubmitScreen() {
  const legal = useLegalModal(['terms', 'privacy']);
  // The client sends each application once at a time, retrying gateway errors with the same key.
  const { send, waitingMs } = useSendApplication();
  return (
    <StepScreen
      onValid={send}
      continueLabel="Submit application"
      busyLabel="Sending…"
      after={<SendingStatus waitingMs={waitingMs} />}
    >
      <Agreement openTerms={() => legal.open('terms')} openPrivacy={() => legal.open('privacy')} />
      {legal.modal}
    </StepScreen>
  );
}
