import { StepScreen } from '../step-screen';
import { PageHeading } from '../../../chrome/page-heading';
import { CheckboxField } from '../widgets/checkbox-field';
import { ChannelChoices, ConsentGroup } from '../widgets/consent-choices';

/**
 * /joint-optins: the joint applicant's marketing choices, each unticked until they say yes
 * (PECR and UK GDPR). Worded about them: they are not the one filling in the form.
 */
export default function JointOptinsScreen() {
  return (
    <StepScreen>
      <PageHeading>How would the joint applicant like to hear from us?</PageHeading>
      <p className="body-lead">
        Only tick the ways they have told you they are happy to hear about finance and offers. They
        do not have to agree to any for you to apply, and they can change their mind at any time.
      </p>
      <ChannelChoices legend="Marketing from us" owner="form.joint" />
      <ChannelChoices legend="Marketing from our lending partners" owner="form.joint" partner />
      <ConsentGroup legend="Selected third parties">
        <CheckboxField
          path="form.joint.isOptedThirdParty"
          label="Share their details with selected third parties so they can tell them about their products"
        />
      </ConsentGroup>
    </StepScreen>
  );
}
