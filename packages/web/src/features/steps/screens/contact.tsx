import type { StatePath } from '@broker/domain';
import { LegalButton, useLegalModal } from '../../legal/legal-modal';
import { CheckboxField } from '../widgets/checkbox-field';
import type { FieldRenderer } from '../widgets/field-renderer';
import { StepScreen } from '../step-screen';

/**
 * Decision record 0015: the applicant agrees to the terms here, where the application first
 * holds enough to be followed up, so that one abandoned from now on is kept as a lead.
 */
function TermsAgreement({ path }: { path: StatePath }) {
  const legal = useLegalModal(['terms', 'privacy']);
  return (
    <div className="terms-agreement">
      <h2 className="heading-m">Our terms</h2>
      <p className="body">
        From this page on, we keep the answers you give us, even if you do not finish your
        application, so that we can contact you about it. The{' '}
        <LegalButton onClick={() => legal.open('terms')}>Terms & Conditions</LegalButton> and our{' '}
        <LegalButton onClick={() => legal.open('privacy')}>privacy policy</LegalButton> explain how
        we use your information.
      </p>
      <CheckboxField path={path} label="I have read and agree to the Terms & Conditions" />
      {legal.modal}
    </div>
  );
}

const terms: FieldRenderer = (field) => <TermsAgreement path={field.path} />;

/** /contact: email and phone (brand-level phone rules, docs/design.md D5), and the terms. */
export default function ContactScreen() {
  return <StepScreen overrides={{ 'form.isAgreedTermsAndConditions': terms }} />;
}
