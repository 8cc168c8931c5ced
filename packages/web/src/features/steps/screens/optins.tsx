import { stepHeading, stepIntro } from '@broker/domain';
import { LegalButton, useLegalModal } from '../../legal/legal-modal';
import { PageHeading } from '../../../chrome/page-heading';
import { CheckboxField } from '../widgets/checkbox-field';
import { ChannelChoices, ConsentGroup } from '../widgets/consent-choices';
import { useApplication } from '../../../state/application-store';
import { StepScreen } from '../step-screen';

const STEP = { id: 'optins' } as const;

/**
 * /optins: marketing consent under PECR and UK GDPR: every box starts unticked, none is needed
 * to apply, and each channel and each sender is a separate choice.
 */
function OptIns() {
  const legal = useLegalModal(['privacy']);
  const heading = useApplication((application) => stepHeading(STEP, application));
  const intro = useApplication((application) => stepIntro(STEP, application));
  return (
    <>
      <PageHeading>{heading}</PageHeading>
      <p className="body-lead">{intro}</p>
      <ChannelChoices legend="Marketing from us" owner="form" />
      <ChannelChoices legend="Marketing from our lending partners" owner="form" partner />
      <ConsentGroup legend="Selected third parties">
        <CheckboxField
          path="form.isOptedThirdParty"
          label="Share my details with selected third parties so they can tell me about their products"
        />
      </ConsentGroup>
      <p className="body">
        Read how we use your information in our{' '}
        <LegalButton onClick={() => legal.open('privacy')}>privacy policy</LegalButton>.
      </p>
      {legal.modal}
    </>
  );
}

export default function OptInsScreen() {
  return (
    <StepScreen>
      <OptIns />
    </StepScreen>
  );
}
