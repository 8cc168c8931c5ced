import { useConfig } from '../../../api/config';
import { currentBrand } from '../../../lib/brand';
import { LegalButton, useLegalModal } from '../../legal/legal-modal';
import { StepScreen } from '../step-screen';
import type { FieldRenderer } from '../widgets/field-renderer';
import { FairProcessingNotice } from '../../secured/fair-processing-notice';
import { StatementField } from '../widgets/statement-field';

const STATEMENT = 'form.additionalNeedsRequirementsStatement';

const statement: FieldRenderer = (field, { question }) => (
  <StatementField
    path={field.path}
    label={question}
    hint={`Up to ${field.maxLength ?? 500} characters.`}
    maxLength={field.maxLength ?? 500}
  />
);

/** /fair-processing-notice: how the data is used, then the additional-needs questions. */
export default function FairProcessingNoticeScreen() {
  const firm = useConfig()?.company.name || currentBrand().name;
  const legal = useLegalModal(['privacy']);
  return (
    <>
      <StepScreen
        intro={
          <FairProcessingNotice
            firm={firm}
            privacyPolicy={
              <LegalButton onClick={() => legal.open('privacy')}>privacy policy</LegalButton>
            }
          />
        }
        overrides={{ [STATEMENT]: statement }}
      />
      {legal.modal}
    </>
  );
}
