import { stepHeading, stepIntro } from '@broker/domain';
import { useApplication } from '../../../state/application-store';
import { StepScreen } from '../step-screen';
import { PageHeading } from '../../../chrome/page-heading';
import { CheckboxField } from '../widgets/checkbox-field';
import { ChannelChoices, ConsentGroup } from '../widgets/consent-choices';

const STEP = { id: 'joint-optins' } as const;

/**
 * /joint-optins: the joint applicant's marketing choices, each unticked until they say yes
 * (PECR and UK GDPR). Worded about them: they are not the one filling in the form.
 */
export default function JointOptinsScreen() {
  const heading = useApplication((application) => stepHeading(STEP, application));
  const intro = useApplication((application) => stepIntro(STEP, application));
  return (
    <StepScreen>
      <PageHeading>{heading}</PageHeading>
      <p className="body-lead">{intro}</p>
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
