import type { ReactNode } from 'react';
import { CheckboxField } from './checkbox-field';
import './consent-choices.css';

const CHANNELS = [
  { key: 'Email', label: 'Email' },
  { key: 'Sms', label: 'Text message' },
  { key: 'Phone', label: 'Phone' },
  { key: 'Post', label: 'Post' },
] as const;

/** A fieldset of marketing-consent ticks (the /optins and /joint-optins screens). */
export function ConsentGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <div className="form-group">
      <fieldset className="fieldset">
        <legend className="fieldset__legend consent-choices__legend">{legend}</legend>
        <div className="checkboxes consent-choices__boxes">{children}</div>
      </fieldset>
    </div>
  );
}

interface ChannelChoicesProps {
  legend: string;
  /** Whose answers: the applicant's (`form`) or the joint applicant's (`form.joint`). */
  owner: 'form' | 'form.joint';
  /** The lending partners' marketing rather than ours (`isOpted<Channel>Partner`). */
  partner?: boolean;
}

/** One tick per channel (PECR: each a separate choice, each unticked until chosen). */
export function ChannelChoices({ legend, owner, partner = false }: ChannelChoicesProps) {
  return (
    <ConsentGroup legend={legend}>
      {CHANNELS.map((channel) => (
        <CheckboxField
          key={channel.key}
          path={`${owner}.isOpted${channel.key}${partner ? 'Partner' : ''}`}
          label={channel.label}
        />
      ))}
    </ConsentGroup>
  );
}
