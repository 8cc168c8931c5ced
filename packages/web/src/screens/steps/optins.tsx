import { LegalButton, useLegalModal } from '../../chrome/legal-modal';
import { PageHeading } from '../../chrome/page-heading';
import { CheckboxField } from '../../widgets/checkbox-field';
import { StepScreen } from '../step-screen';
import './optins.css';

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
        <legend className="fieldset__legend optins__legend">{legend}</legend>
        <div className="checkboxes">
          {CHANNELS.map((channel) => (
            <CheckboxField
              key={channel.key}
              path={`form.isOpted${channel.key}${suffix}`}
              label={channel.label}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}

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
      <Channels legend="Marketing from us" suffix="" />
      <Channels legend="Marketing from our lending partners" suffix="Partner" />
      <div className="form-group">
        <fieldset className="fieldset">
          <legend className="fieldset__legend optins__legend">Selected third parties</legend>
          <div className="checkboxes">
            <CheckboxField
              path="form.isOptedThirdParty"
              label="Share my details with selected third parties so they can tell me about their products"
            />
          </div>
        </fieldset>
      </div>
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
