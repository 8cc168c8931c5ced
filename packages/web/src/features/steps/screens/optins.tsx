import { LegalButton, useLegalModal } from '../../legal/legal-modal';
import { PageHeading } from '../../../chrome/page-heading';
import { CheckboxField } from '../widgets/checkbox-field';
import { ChannelChoices, ConsentGroup } from '../widgets/consent-choices';
import { StepScreen } from '../step-screen';

/**
 * /optins: marketing consent under PECR and UK GDPR: every box starts unticked, none is needed
 * to apply, and each channel and each sender is a separate choice.
 */
function OptIns() {
  const legal = useLegalModal(['privacy']);
  return (
    <>
      <PageHeading>How would you like to hear from us?</PageHeading>
      <p className="body-lead">
        We would like to tell you about finance and offers that may interest you. Tick the ways you
        are happy to hear about them. You do not have to agree to any to apply, and you can change
        your mind at any time.
      </p>
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
