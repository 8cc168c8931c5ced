import { LegalButton, useLegalModal } from '../../chrome/legal-modal';
import { PageHeading } from '../../chrome/page-heading';
import { loadChunk } from '../../lib/chunk-load';
import { useNavigate } from '../../lib/router';
import { CheckboxField } from '../../widgets/checkbox-field';
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
        We will use your information as our{' '}
        <LegalButton onClick={openPrivacy}>privacy policy</LegalButton> explains.
      </p>
      <CheckboxField
        path="form.isAgreedTermsAndConditions"
        label="I have read and agree to the Terms & Conditions"
        hint={<LegalButton onClick={openTerms}>Read the Terms & Conditions</LegalButton>}
      />
    </>
  );
}

/** /submit: the terms, then the application is sent by the submission client. */
export default function SubmitScreen() {
  const navigate = useNavigate();
  const legal = useLegalModal(['terms', 'privacy']);
  // The client sends each application once, retrying gateway errors with the same key.
  const send = async () => {
    const { goToOutcome, submitApplication } = await loadChunk(() => import('../../api/submit'));
    const outcome = await submitApplication();
    if (outcome) goToOutcome(outcome, navigate);
  };
  return (
    <StepScreen onValid={send} continueLabel="Submit application" busyLabel="Sending…">
      <Agreement openTerms={() => legal.open('terms')} openPrivacy={() => legal.open('privacy')} />
      {legal.modal}
    </StepScreen>
  );
}
