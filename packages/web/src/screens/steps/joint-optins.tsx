import { StepScreen } from '../step-screen';
import { PageHeading } from '../../chrome/page-heading';
import { CheckboxField } from '../../widgets/checkbox-field';
import './joint-optins.css';

const CHANNELS = [
  { key: 'Email', label: 'Email' },
  { key: 'Sms', label: 'Text message' },
  { key: 'Phone', label: 'Phone' },
  { key: 'Post', label: 'Post' },
] as const;

function Channels({ legend, suffix }: { legend: string; suffix: '' | 'Partner' }) {
  return (
    <div className="form-group">
      <fieldset className="fieldset">
        <legend className="fieldset__legend joint-optins__legend">{legend}</legend>
        <div className="joint-optins__boxes">
          {CHANNELS.map((channel) => (
            <CheckboxField
              key={channel.key}
              path={`form.joint.isOpted${channel.key}${suffix}`}
              label={channel.label}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}

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
      <Channels legend="Marketing from us" suffix="" />
      <Channels legend="Marketing from our lending partners" suffix="Partner" />
      <div className="form-group">
        <fieldset className="fieldset">
          <legend className="fieldset__legend joint-optins__legend">Selected third parties</legend>
          <CheckboxField
            path="form.joint.isOptedThirdParty"
            label="Share their details with selected third parties so they can tell them about their products"
          />
        </fieldset>
      </div>
    </StepScreen>
  );
}
